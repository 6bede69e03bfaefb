// Small labelled inputs the console's editors share, and the editor frame (Save / Cancel).
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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

export function NumberInput({
  label,
  value,
  onChange,
  min = 0,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type="number"
        min={min}
        value={Number.isFinite(value) ? value : ''}
        onChange={(e) => onChange(e.target.valueAsNumber)}
      />
    </label>
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
