// One field's editor, by kind and type (spec §3, §5): drop-down and dynamic lists, type-ahead,
// numbers, decimals and currencies, dates, and character text with its Mask. Shared by the search
// prompt and the grid's inline editing.
import { FieldType } from '@gs/contract/flags';
import type { QueryState } from '../../api/useApiQuery';
import { applyCharacterMask } from '../../lib/characterMask';
import { fieldKind, type FieldSpec } from '../../lib/fieldSpec';
import { DateInput } from './DateInput';
import { ListSelect } from './ListSelect';
import { NumberInput } from './NumberInput';
import { TypeAheadInput } from './TypeAheadInput';

export interface FieldInputProps {
  id: string;
  spec: FieldSpec;
  locale: string;
  value: string;
  onChange: (value: string) => void;
  items: QueryState<string[]> | null;
  invalid?: boolean;
  describedBy?: string;
  /** accessible name when no <label> points at the input */
  label?: string;
  allowWildcard?: boolean;
  className?: string;
}

export function FieldInput(props: FieldInputProps) {
  const { spec, value, onChange } = props;
  const kind = fieldKind(spec);
  const common = {
    id: props.id,
    value,
    onChange,
    invalid: props.invalid,
    describedBy: props.describedBy,
    label: props.label,
    className: props.className,
  };
  if (kind === 'dropdown' || kind === 'dynamic') return <ListSelect {...common} items={props.items} />;
  if (kind === 'typeahead') return <TypeAheadInput {...common} items={props.items} />;
  if (spec.type === FieldType.Date) return <DateInput {...common} spec={spec} locale={props.locale} />;
  if (spec.type === FieldType.Integer || spec.type === FieldType.Decimal)
    return <NumberInput {...common} spec={spec} locale={props.locale} allowWildcard={props.allowWildcard} />;
  return (
    <input
      id={props.id}
      className={props.className ?? 'input'}
      value={value}
      autoComplete="off"
      maxLength={spec.size > 0 ? spec.size : undefined}
      placeholder={spec.mask || undefined}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.describedBy}
      aria-label={props.label}
      onChange={(event) =>
        onChange(spec.mask ? applyCharacterMask(event.target.value, spec.mask) : event.target.value)
      }
    />
  );
}
