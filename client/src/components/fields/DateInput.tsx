// A date typed in the field's mask (separators added as digits are typed; '@today' accepted where
// allowed), with a calendar picker bounded from 1900 to 100 years ahead, minute step 1.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dateMaskOf,
  datePickerBounds,
  datePlaceholder,
  formatMaskedDate,
  isoToParts,
  maskDateInput,
  parseMaskedDate,
  partsToIso,
} from '../../lib/dates';
import type { FieldSpec } from '../../lib/fieldSpec';

export interface DateInputProps {
  id: string;
  spec: FieldSpec;
  locale: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
  label?: string;
  className?: string;
}

export function DateInput({
  id,
  spec,
  locale,
  value,
  onChange,
  invalid,
  describedBy,
  label,
  className,
}: DateInputProps) {
  const { t } = useTranslation();
  const mask = dateMaskOf(spec.mask, locale);
  const bounds = datePickerBounds();
  const parts = parseMaskedDate(value, mask);
  const picker = useRef<HTMLInputElement>(null);
  const pickLabel = t('fields.pickDate', { name: label ?? spec.name });
  return (
    <span className="date-input">
      <input
        id={id}
        className={className ?? 'input'}
        value={value}
        placeholder={datePlaceholder(mask)}
        autoComplete="off"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-label={label}
        onChange={(event) => onChange(maskDateInput(event.target.value, mask))}
      />
      <button
        type="button"
        className="date-input__button"
        aria-label={pickLabel}
        title={pickLabel}
        onClick={() => {
          try {
            picker.current?.showPicker();
          } catch {
            picker.current?.focus();
          }
        }}
      >
        <svg
          width="14"
          height="14"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 6h16v14H4zM4 10h16M8 3v5M16 3v5" />
        </svg>
      </button>
      <input
        ref={picker}
        type="date"
        className="date-input__native"
        min={bounds.min}
        max={bounds.max}
        step={1}
        value={parts ? partsToIso(parts) : ''}
        aria-hidden="true"
        tabIndex={-1}
        onChange={(event) => {
          const picked = isoToParts(event.target.value);
          onChange(picked ? formatMaskedDate(picked, mask) : '');
        }}
      />
    </span>
  );
}
