// A drop-down of list items (Prop 64, and dynamic lists 128). A value the list does not hold is
// cleared once the items are known (spec §5).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryState } from '../../api/useApiQuery';

export interface ListSelectProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  items: QueryState<string[]> | null;
  invalid?: boolean;
  describedBy?: string;
  label?: string;
  className?: string;
}

export function ListSelect({
  id,
  value,
  onChange,
  items,
  invalid,
  describedBy,
  label,
  className,
}: ListSelectProps) {
  const { t } = useTranslation();
  const loaded = items?.status === 'success' ? items.data : null;
  const known = loaded?.some((item) => item.toLowerCase() === value.trim().toLowerCase()) ?? true;

  useEffect(() => {
    if (loaded && value !== '' && !known) onChange('');
  }, [loaded, value, known, onChange]);

  return (
    <select
      id={id}
      className={className ?? 'input'}
      value={known ? (loaded?.find((i) => i.toLowerCase() === value.toLowerCase()) ?? value) : ''}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      aria-label={label}
      aria-busy={items?.status === 'loading' || undefined}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{items?.status === 'loading' ? t('fields.loadingItems') : ''}</option>
      {!loaded && value && <option value={value}>{value}</option>}
      {loaded?.map((item) => (
        <option key={item} value={item}>
          {item}
        </option>
      ))}
    </select>
  );
}
