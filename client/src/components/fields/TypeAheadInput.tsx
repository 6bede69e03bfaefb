// Free text with suggestions from the field's list (a list field without Prop 64): the items that
// contain the typed text, at most 100 (spec §9).
import { useId } from 'react';
import type { ListSelectProps } from './ListSelect';
import { suggestionsFor } from './useFieldItems';

/** The same inputs as the drop-down: the two are interchangeable per field. */
export type TypeAheadInputProps = ListSelectProps;

export function TypeAheadInput({
  id,
  value,
  onChange,
  items,
  invalid,
  describedBy,
  label,
  className,
}: TypeAheadInputProps) {
  const listId = useId();
  const suggestions = items?.status === 'success' ? suggestionsFor(items.data, value) : [];
  return (
    <>
      <input
        id={id}
        className={className ?? 'input'}
        value={value}
        list={listId}
        autoComplete="off"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-label={label}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={listId} data-testid="typeahead-suggestions">
        {suggestions.map((item) => (
          <option key={item} value={item} />
        ))}
      </datalist>
    </>
  );
}
