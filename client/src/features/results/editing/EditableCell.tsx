// A cell in edit mode: the field's editor over the row's draft, checked as it is typed (the list's
// items included for drop-downs and type-aheads); a refused value is outlined and explained.
import { useMemo } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { useTranslation } from 'react-i18next';
import { FieldInput } from '../../../components/fields/FieldInput';
import { fieldCheckMessage } from '../../../components/fields/fieldCheckMessage';
import { useFieldItems } from '../../../components/fields/useFieldItems';
import { dynamicParents, type FieldSpec } from '../../../lib/fieldSpec';
import { toEditText, VALID } from '../../../lib/fieldValidation';
import { useResultsContext } from '../resultsContext';
import type { ResultRow } from '../resultsRows';
import { draftsAtom } from './editAtoms';
import { setCellAtom } from './setCell';

export function EditableCell({ row, spec }: { row: ResultRow; spec: FieldSpec }) {
  const { t } = useTranslation();
  const ctx = useResultsContext();
  const draftAtom = useMemo(() => selectAtom(draftsAtom, (drafts) => drafts[row.id]), [row.id]);
  const draft = useAtomValue(draftAtom);
  const setCell = useSetAtom(setCellAtom);

  const original = toEditText(spec, row.values[spec.id]?.VAL ?? '', ctx.locale);
  const cell = draft?.cells[spec.id];
  const text = cell?.text ?? original;
  const valueOf = (fieldId: number): string => draft?.cells[fieldId]?.text ?? row.values[fieldId]?.VAL ?? '';
  const [first, second] = dynamicParents(spec);
  const items = useFieldItems(ctx.db, spec, [first ? valueOf(first) : '', second ? valueOf(second) : '']);
  const loaded = items?.status === 'success' ? items.data : undefined;
  // a server refusal outranks the client's check; typing into the cell clears it
  const check = draft?.server[spec.id] ?? cell?.check ?? VALID;
  const message = fieldCheckMessage(t, check, spec.name);

  return (
    <span
      className={`edit-cell${message ? ' edit-cell--invalid' : ''}${cell ? ' edit-cell--dirty' : ''}`}
      title={message ?? undefined}
    >
      <FieldInput
        id={`edit-${row.id}-${spec.id}`}
        spec={spec}
        locale={ctx.locale}
        value={text}
        items={items}
        invalid={message !== null}
        label={t('results.edit.cellLabel', { name: spec.name, id: row.doc.Id })}
        className="data-grid__input"
        onChange={(next) =>
          setCell({ rowId: row.id, spec, text: next, original, locale: ctx.locale, items: loaded })
        }
      />
    </span>
  );
}
