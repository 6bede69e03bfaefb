// The Users tab: the signed-in account and the self password change (end-user spec §6, §7), which
// asks for the current password (decision 046).
import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { changeOwnPassword, getAccount } from '../../api/account';
import { useApiQuery } from '../../api/useApiQuery';
import { Alert } from '../../components/Alert';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { Spinner } from '../../components/Spinner';
import { httpAtom } from '../../state/environment';
import { sessionAtom } from '../../state/session';
import { translateServerMessage } from '../../lib/serverTexts';
import { checkPasswordChange, passwordFailure, type PasswordKey } from './passwordChange';

function PasswordChangeForm({ email: savedEmail }: { email: string }) {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const session = useAtomValue(sessionAtom);
  const [email, setEmail] = useState(savedEmail);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ key: PasswordKey; detail: string | null } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkPasswordChange(current, password, confirm);
    if (problem) {
      setOutcome({ key: problem, detail: null });
      return;
    }
    setBusy(true);
    try {
      // the address goes along only when it changed
      const change = { password, currentPassword: current };
      await changeOwnPassword(
        http,
        session?.token ?? '',
        email.trim() !== savedEmail ? { ...change, Email: email.trim() } : change,
      );
      setOutcome({ key: 'PASSWORD_UPDATED', detail: null });
      setCurrent('');
      setPassword('');
      setConfirm('');
    } catch (error) {
      setOutcome(passwordFailure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} data-testid="password-form" noValidate>
      <h2 className="panel__subtitle">{t('password.title')}</h2>
      <label className="field">
        <span>{t('password.email')}</span>
        <input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label className="field">
        <span>{t('password.currentPassword')}</span>
        <input
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
      </label>
      <NewPasswordFields
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        passwordLabel={t('password.newPassword')}
        confirmLabel={t('password.confirm')}
      />
      {outcome && (
        <Alert tone={outcome.key === 'PASSWORD_UPDATED' ? 'success' : 'error'} testId="password-outcome">
          {t(`password.${outcome.key}`)}
          {outcome.detail ? ` ${translateServerMessage(t, outcome.detail)}` : ''}
        </Alert>
      )}
      <div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('password.save')}
        </button>
      </div>
    </form>
  );
}

export function AccountSettings() {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const type = session?.licenseType;
  const [account] = useApiQuery('account', getAccount);
  return (
    <>
      <h2 className="panel__subtitle">{t('settings.account')}</h2>
      <dl className="details">
        <dt>{t('settings.username')}</dt>
        <dd data-testid="settings-username">{session?.username || t('header.unknownUser')}</dd>
        <dt>{t('settings.licenseType')}</dt>
        <dd>{type ? t(`session.licenseType.${type}`) : t('settings.unknown')}</dd>
      </dl>
      {account.status === 'loading' && <Spinner label={t('app.loading')} />}
      {account.status !== 'loading' && (
        <PasswordChangeForm email={account.status === 'success' ? account.data.Email : ''} />
      )}
    </>
  );
}
