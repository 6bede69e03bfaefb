// Above the grid in edit mode: every refused cell with its message (document, field, why), and
// saves that failed for another reason.
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../../lib/serverTexts';
import { FieldCheckCode } from '@gs/contract/fieldChecks';
import { fieldCheckMessage } from '../../../components/fields/fieldCheckMessage';
import type { FieldSpec } from '../../../lib/fieldSpec';
import type { ValueCheck } from '../../../lib/fieldValidation';
import { draftsAtom } from './editAtoms';

export function EditProblems({ specs }: { specs: ReadonlyMap<number, FieldSpec> }) {
  const { t } = useTranslation();
  const drafts = useAtomValue(draftsAtom);
  const problems: { key: string; text: string }[] = [];
  for (const [rowId, draft] of Object.entries(drafts)) {
    // the server's refusal of a value outranks the client's check of it
    const checks: Record<string, ValueCheck> = {};
    for (const [id, cell] of Object.entries(draft.cells)) checks[id] = cell.check;
    Object.assign(checks, draft.server);
    for (const [fieldId, check] of Object.entries(checks)) {
      if (check.code === FieldCheckCode.Valid) continue;
      const name = specs.get(Number(fieldId))?.name ?? fieldId;
      problems.push({
        key: `${rowId}:${fieldId}`,
        text: t('results.edit.problem', { id: rowId, name, message: fieldCheckMessage(t, check, name) }),
      });
    }
    if (draft.error)
      problems.push({
        key: `${rowId}:error`,
        text: t('results.edit.problem', {
          id: rowId,
          name: '',
          message: translateServerMessage(t, draft.error),
        }),
      });
  }
  if (problems.length === 0) return null;
  return (
    <ul className="edit-problems" role="alert" data-testid="edit-problems">
      {problems.map((p) => (
        <li key={p.key}>{p.text}</li>
      ))}
    </ul>
  );
}
