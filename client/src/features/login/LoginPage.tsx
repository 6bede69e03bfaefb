// /login: query redirectUrl, errorTitle, errorMessage, isLicenseExpired (spec §2).
import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes, safeRedirect } from '../../app/paths';
import { Alert } from '../../components/Alert';
import { AuthLayout } from '../../components/AuthLayout';
import { sessionEndAtom } from '../../state/session';
import { LoginForm } from './LoginForm';
import { loginNoticeText } from './loginErrors';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const clearSessionEnd = useSetAtom(sessionEndAtom);
  const errorTitle = params.get('errorTitle');
  const errorMessage = params.get('errorMessage');
  const licenseExpired = params.get('isLicenseExpired')?.toLowerCase() === 'true';

  // The reason has been carried here in the address; forget it so it is not shown twice.
  useEffect(() => {
    clearSessionEnd(null);
  }, [clearSessionEnd]);

  const afterSignIn = () =>
    navigate(safeRedirect(params.get('redirectUrl')) ?? routes.select, { replace: true });

  return (
    <AuthLayout title={t('login.title')}>
      <p className="auth-card__lead">{t('login.lead')}</p>
      {licenseExpired && (
        <Alert tone="warning" testId="login-license-expired">
          {t('ERROR_LICENSE_EXPIRED')}
        </Alert>
      )}
      {(errorTitle || errorMessage) && (
        <Alert tone="error" title={errorTitle ?? undefined} testId="login-notice">
          {errorMessage ? loginNoticeText(t, errorMessage) : null}
        </Alert>
      )}
      <LoginForm onSignedIn={afterSignIn} />
    </AuthLayout>
  );
}
