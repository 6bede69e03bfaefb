// One field value in the results grid: shown in its mask (dates, currencies), or, in edit mode on
// an editable row and field, its editor.
import { lazy, Suspense } from 'react';
import { canEditField, isMultiValue, type FieldSpec } from '../../lib/fieldSpec';
import { displayFieldValue } from '../../lib/fieldDisplay';
import { canEditRow, useResultsContext } from './resultsContext';
import { valueText, type ResultRow } from './resultsRows';

// the editors load when edit mode starts; until they are there a cell shows its value (decision 079)
const EditableCell = lazy(() => import('./editing/EditableCell').then((m) => ({ default: m.EditableCell })));

export function FieldCell({ row, spec }: { row: ResultRow; spec: FieldSpec }) {
  const ctx = useResultsContext();
  const shown = <FieldText row={row} spec={spec} locale={ctx.locale} />;
  if (ctx.editing && canEditField(spec) && canEditRow(row.doc, ctx.licenseType))
    return (
      <Suspense fallback={shown}>
        <EditableCell row={row} spec={spec} />
      </Suspense>
    );
  return shown;
}

function FieldText({ row, spec, locale }: { row: ResultRow; spec: FieldSpec; locale: string }) {
  const value = row.values[spec.id];
  const text = isMultiValue(spec) ? valueText(value) : displayFieldValue(spec, value?.VAL ?? '', locale);
  return (
    <span className="data-grid__text" title={text || undefined}>
      {text}
    </span>
  );
}
