// Small labelled inputs the console's editors share, and the editor frame (Save / Cancel).
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { readNumberEntry } from '../../lib/numberInput';

export function TextInput({
  label,
  value,
  onChange,
  error,
  type = 'text',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  type?: 'text' | 'password' | 'email';
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type={type}
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && <span className="field__error">{error}</span>}
    </label>
  );
}

/**
 * A whole number setting (length, port, time): typed as text and read by the one strict reading
 * (lib/numberInput.ts, decision 049): anything but a whole integer ("12abc", "1e3", "12.5") is
 * INVALID_INT_OR_DEC and gives NaN, which the editor's own rule refuses, never another number.
 */
export function NumberInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  /** the least the editor's rule takes (it says so itself) */
  min?: number;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<{ text: string; value: number } | null>(null);
  // the text as typed while it is what gave the value; the value itself once it changed elsewhere
  const text =
    typed && Object.is(typed.value, value) ? typed.text : Number.isFinite(value) ? String(value) : '';
  // below the minimum is the editor's own rule (its message); not a number at all is this one
  const invalid = text.trim() !== '' && readNumberEntry(text, { kind: 'integer', locale: 'en' }) === null;
  return (
    <>
      <label className="field">
        <span>{label}</span>
        <input
          type="text"
          inputMode="numeric"
          value={text}
          aria-invalid={invalid || undefined}
          onChange={(e) => {
            const next = readNumberEntry(e.target.value, { kind: 'integer', locale: 'en' });
            const n = next === null ? NaN : Number(next);
            setTyped({ text: e.target.value, value: n });
            onChange(n);
          }}
        />
      </label>
      {invalid && <span className="field__error">{t('INVALID_INT_OR_DEC')}</span>}
    </>
  );
}

export function CheckInput({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

export function SelectInput<T extends string | number>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <select
        value={String(value)}
        onChange={(e) => {
          const found = options.find((o) => String(o.value) === e.target.value);
          if (found) onChange(found.value);
        }}
      >
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The editor of one item (card-edit mode): its fields, the first error, Save and Cancel. */
export function EditorFrame({
  title,
  error,
  canSave = true,
  onSave,
  onCancel,
  children,
}: {
  title: string;
  error?: string | null;
  canSave?: boolean;
  onSave: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canSave && !error) onSave();
  };
  return (
    <form className="admin-editor" aria-label={title} onSubmit={submit} data-testid="admin-editor">
      <h2>{title}</h2>
      {children}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-editor__actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={!canSave || !!error}>
          {t('admin.actions.save')}
        </button>
      </div>
    </form>
  );
}
