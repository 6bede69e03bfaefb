// /direct?op=1&db=: renew the stored licence and open the search screen; without a live
// licence, sign in first and come back here.
import { useEffect, useEffectEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { renewLicense } from '../../api/licenses';
import { loginPath, routes } from '../../app/paths';
import { AuthLayout } from '../../components/AuthLayout';
import { Spinner } from '../../components/Spinner';
import { httpAtom } from '../../state/environment';
import { clearSessionAtom, renewSessionAtom, sessionAtom } from '../../state/session';

/** /view with db and the carried-along archive (a) and document (d). */
function viewTarget(params: URLSearchParams): string {
  const target = new URLSearchParams();
  for (const key of ['db', 'a', 'd']) {
    const value = params.get(key);
    if (value) target.set(key, value);
  }
  return `${routes.view}?${target.toString()}`;
}

export function DirectLoader() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const http = useAtomValue(httpAtom);
  const token = useAtomValue(sessionAtom)?.token ?? null;
  const renewSession = useSetAtom(renewSessionAtom);
  const clearSession = useSetAtom(clearSessionAtom);
  const here = `${location.pathname}${location.search}`;
  const target = viewTarget(params);

  // Runs once: the renewal's own token switch must not start another renewal.
  const obtainLicense = useEffectEvent(() => {
    if (!token) {
      navigate(loginPath({ redirectUrl: here }), { replace: true });
      return undefined;
    }
    let live = true;
    renewLicense(http, token, false).then(
      (license) => {
        if (!live) return;
        renewSession(license);
        navigate(target, { replace: true });
      },
      () => {
        if (!live) return;
        clearSession();
        navigate(loginPath({ redirectUrl: here }), { replace: true });
      },
    );
    return () => {
      live = false;
    };
  });
  useEffect(() => obtainLicense(), []);

  return (
    <AuthLayout title={t('direct.loading.title')}>
      <Spinner label={t('direct.loading.text')} />
    </AuthLayout>
  );
}
