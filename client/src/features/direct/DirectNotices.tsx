// The two notice pages of /direct: licence expired (op=2) and signed out (op=0&db=0).
import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '../../app/paths';
import { Alert } from '../../components/Alert';
import { AuthLayout } from '../../components/AuthLayout';
import { clearSessionAtom, sessionAtom } from '../../state/session';

const readState = (state: unknown): { licenseReturned?: boolean } =>
  state && typeof state === 'object' && 'licenseReturned' in state
    ? { licenseReturned: state.licenseReturned === true }
    : {};

export function LicenseExpiredNotice() {
  const { t } = useTranslation();
  const hasSession = useAtomValue(sessionAtom) !== null;
  const clearSession = useSetAtom(clearSessionAtom);
  // The licence behind the stored token is dead: forget it so signing in starts afresh.
  useEffect(() => {
    if (hasSession) clearSession();
  }, [hasSession, clearSession]);

  return (
    <AuthLayout title={t('LICENSE_EXPIRED')}>
      <Alert tone="warning" testId="license-expired">
        {t('LICENSE_EXPIRED_MSG')}
      </Alert>
      <Link className="button button--primary button--block" to={routes.login}>
        {t('direct.signInAgain')}
      </Link>
    </AuthLayout>
  );
}

export function ThankYouNotice() {
  const { t } = useTranslation();
  const { licenseReturned } = readState(useLocation().state);
  return (
    <AuthLayout title={t('direct.signedOut.title')}>
      <p className="auth-card__lead" data-testid="thank-you">
        {t('MESSAGE_THANK_YOU')}
      </p>
      {licenseReturned && (
        <Alert tone="success" testId="license-returned">
          {t('MESSAGE_LICENSE_RETURNED')}
        </Alert>
      )}
      <Link className="button button--primary button--block" to={routes.login}>
        {t('direct.signInAgain')}
      </Link>
    </AuthLayout>
  );
}
