// The import utility's field mapping table (spec §3 FieldMapping: FieldID, RowID, Checked): one row
// per archive field with an include box and its CSV column. System fields (Prop 4, 8, 16, 256,
// 1024, 2048, 4096, 8192) are disabled unless OverwriteSystem is ticked.
import { useTranslation } from 'react-i18next';
import type { BulkCsvPreviewResponse, FieldMapping } from '@gs/contract/helperBulk';
import { FieldProp, hasFlag } from '@gs/contract/flags';
import type { FieldSpec } from '../../lib/fieldSpec';
import { ColumnSelect } from './ColumnSelect';
import { isImportFieldDisabled } from './bulkValidation';

export interface ImportMappingProps {
  fields: FieldSpec[];
  preview: BulkCsvPreviewResponse;
  overwriteSystem: boolean;
  mapping: FieldMapping[];
  onChange: (mapping: FieldMapping[]) => void;
}

export function ImportMapping({ fields, preview, overwriteSystem, mapping, onChange }: ImportMappingProps) {
  const { t } = useTranslation();
  const entry = (id: number): FieldMapping =>
    mapping.find((m) => m.FieldID === id) ?? { FieldID: id, RowID: -1, Checked: false };
  const set = (next: FieldMapping) => onChange([...mapping.filter((m) => m.FieldID !== next.FieldID), next]);
  return (
    <table className="bulk-table" data-testid="import-mapping">
      <thead>
        <tr>
          <th scope="col">{t('bulk.import.include')}</th>
          <th scope="col">{t('bulk.preview.field')}</th>
          <th scope="col">{t('bulk.import.column')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => {
          const m = entry(f.id);
          const disabled = isImportFieldDisabled(f, overwriteSystem);
          const name = hasFlag(f.prop, FieldProp.Required) ? `${f.name} *` : f.name;
          return (
            <tr key={f.id} aria-disabled={disabled || undefined}>
              <td>
                <input
                  type="checkbox"
                  aria-label={t('bulk.import.includeField', { name: f.name })}
                  checked={m.Checked && !disabled}
                  disabled={disabled}
                  onChange={(e) => set({ ...m, Checked: e.target.checked })}
                />
              </td>
              <td>{name}</td>
              <td>
                <ColumnSelect
                  preview={preview}
                  label={t('bulk.mapping.columnFor', { name: f.name })}
                  value={m.RowID}
                  disabled={disabled}
                  onChange={(c) => set({ ...m, RowID: c, Checked: c >= 0 })}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
