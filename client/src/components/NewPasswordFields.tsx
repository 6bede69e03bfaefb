// The two fields of a new password (the password and its confirmation), shared by the user's own
// password change (Settings, Users tab) and a user administrator's change of another's password.
interface NewPasswordFieldsProps {
  password: string;
  confirm: string;
  onPassword(value: string): void;
  onConfirm(value: string): void;
  /** the labels, already translated */
  passwordLabel: string;
  confirmLabel: string;
}

export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <label className="field">
        <span>{props.passwordLabel}</span>
        <input
          type="password"
          autoComplete="new-password"
          value={props.password}
          onChange={(e) => props.onPassword(e.target.value)}
        />
      </label>
      <label className="field">
        <span>{props.confirmLabel}</span>
        <input
          type="password"
          autoComplete="new-password"
          value={props.confirm}
          onChange={(e) => props.onConfirm(e.target.value)}
        />
      </label>
    </>
  );
}
