// A drop-down of the CSV's columns for one mapping row: each column by its header (or number)
// with the first row's value beside it, as the import wizard shows them; -1 is "not mapped".
import { useTranslation } from 'react-i18next';
import type { BulkCsvPreviewResponse } from '@gs/contract/helperBulk';

export interface ColumnSelectProps {
  preview: BulkCsvPreviewResponse;
  value: number;
  onChange: (column: number) => void;
  label: string;
  disabled?: boolean;
}

export function ColumnSelect({ preview, value, onChange, label, disabled }: ColumnSelectProps) {
  const { t } = useTranslation();
  const first = preview.Rows[0] ?? [];
  return (
    <select
      className="input"
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(Number(e.target.value))}
    >
      <option value={-1}>{t('bulk.mapping.none')}</option>
      {preview.Columns.map((name, i) => (
        <option key={i} value={i}>
          {first[i] ? `${name} (${first[i]})` : name}
        </option>
      ))}
    </select>
  );
}
