// One field value in the results grid: shown in its mask (dates, currencies), or, in edit mode on
// an editable row and field, its editor.
import { canEditField, isMultiValue, type FieldSpec } from '../../lib/fieldSpec';
import { displayFieldValue } from '../../lib/fieldDisplay';
import { EditableCell } from './editing/EditableCell';
import { canEditRow, useResultsContext } from './resultsContext';
import { valueText, type ResultRow } from './resultsRows';

export function FieldCell({ row, spec }: { row: ResultRow; spec: FieldSpec }) {
  const ctx = useResultsContext();
  if (ctx.editing && canEditField(spec) && canEditRow(row.doc, ctx.licenseType))
    return <EditableCell row={row} spec={spec} />;
  const value = row.values[spec.id];
  const text = isMultiValue(spec) ? valueText(value) : displayFieldValue(spec, value?.VAL ?? '', ctx.locale);
  return (
    <span className="data-grid__text" title={text || undefined}>
      {text}
    </span>
  );
}
