// Integer, decimal and currency entry (spec §5): e, E and + are refused, the point only where the
// field takes decimals (in the locale's separator); a currency field shows its symbol and takes
// amounts as typed ("$2,999.99"), stripped later.
import type { KeyboardEvent } from 'react';
import { FieldType } from '@gs/contract/flags';
import { currencyForLocale, parseCurrencyMask } from '../../lib/currency';
import type { FieldSpec } from '../../lib/fieldSpec';
import { decimalSeparator, isBlockedNumberKey } from '../../lib/numbers';

export interface NumberInputProps {
  id: string;
  spec: FieldSpec;
  locale: string;
  value: string;
  onChange: (value: string) => void;
  /** search prompts also take '*' wildcards */
  allowWildcard?: boolean;
  invalid?: boolean;
  describedBy?: string;
  label?: string;
  className?: string;
}

function currencySymbol(locale: string, mask: string): string | null {
  const parsed = parseCurrencyMask(mask);
  if (!parsed) return null;
  if (parsed.kind === 'symbol') return parsed.symbol;
  if (parsed.kind !== 'currency') return null;
  try {
    const parts = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currencyForLocale(locale),
    }).formatToParts(1);
    return parts.find((p) => p.type === 'currency')?.value ?? null;
  } catch {
    return null;
  }
}

export function NumberInput({
  id,
  spec,
  locale,
  value,
  onChange,
  allowWildcard,
  invalid,
  describedBy,
  label,
  className,
}: NumberInputProps) {
  const decimal = spec.type === FieldType.Decimal;
  const currency = decimal && parseCurrencyMask(spec.mask) !== null;
  const separator = decimalSeparator(locale);
  const symbol = currency ? currencySymbol(locale, spec.mask) : null;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.key.length > 1) return;
    if (allowWildcard && event.key === '*') return;
    // currency text may carry grouping and the symbol: only the always-blocked keys apply
    const blocked = currency
      ? isBlockedNumberKey(event.key, { allowDecimal: true, separator: event.key })
      : isBlockedNumberKey(event.key, { allowDecimal: decimal, separator }) ||
        (!/[\d-]/.test(event.key) && event.key !== separator);
    if (blocked) event.preventDefault();
  };

  const input = (
    <input
      id={id}
      className={className ?? 'input'}
      value={value}
      inputMode={decimal ? 'decimal' : 'numeric'}
      autoComplete="off"
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      aria-label={label}
      onKeyDown={onKeyDown}
      onChange={(event) => onChange(event.target.value)}
    />
  );
  if (!symbol) return input;
  return (
    <span className="input-affix">
      <span className="input-affix__symbol" aria-hidden="true">
        {symbol}
      </span>
      {input}
    </span>
  );
}
