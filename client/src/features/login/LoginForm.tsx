// The sign-in form: user name (domain users type DOMAIN\user), password, Login.
import { useId, useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { signInWithPasswordAtom } from './loginAtoms';
import { loginErrorMessage } from './loginErrors';

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const signIn = useSetAtom(signInWithPasswordAtom);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { user: useId(), password: useId(), hint: useId() };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!username.trim()) {
      setError(t('login.error.missingUsername'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signIn({ username, password });
      onSignedIn();
    } catch (failure) {
      setError(loginErrorMessage(t, failure));
      setBusy(false);
    }
  }

  return (
    <form className="login-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
      <div className="field">
        <label htmlFor={ids.user}>{t('login.username')}</label>
        <input
          id={ids.user}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          aria-describedby={ids.hint}
          aria-invalid={error !== null}
        />
        <p id={ids.hint} className="field__hint">
          {t('login.usernameHint')}
        </p>
      </div>
      <div className="field">
        <label htmlFor={ids.password}>{t('login.password')}</label>
        <input
          id={ids.password}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error !== null}
        />
      </div>
      {error && (
        <Alert tone="error" testId="login-error">
          {error}
        </Alert>
      )}
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy && <span className="button__spinner" aria-hidden="true" />}
        {t('login.submit')}
      </button>
    </form>
  );
}
