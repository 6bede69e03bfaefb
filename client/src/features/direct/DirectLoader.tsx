// /direct?op=1&db=: renew the stored licence and open the search screen; without a live
// licence, sign in first and come back here. A copied link also names an archive (a) and a
// document (d): then the document opens in the viewer, its SecureId asked of the server
// (`dbs/{db}/archives/{a}?DocumentID=`); a document the user may not see, or that is gone,
// leaves them on the search screen of that archive (spec §2; issue 27, 13).
import { useEffect, useEffectEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getDocumentSecureId } from '../../api/archives';
import type { Http } from '../../api/http';
import { renewLicense } from '../../api/licenses';
import { loginPath, positiveId, routes } from '../../app/paths';
import { AuthLayout } from '../../components/AuthLayout';
import { Spinner } from '../../components/Spinner';
import { httpAtom } from '../../state/environment';
import { clearSessionAtom, renewSessionAtom, sessionAtom } from '../../state/session';
import { viewerPath } from '../viewer/viewerParams';

/** /view with db and the carried-along archive (a) and document (d). */
function viewTarget(params: URLSearchParams): string {
  const target = new URLSearchParams();
  for (const key of ['db', 'a', 'd']) {
    const value = params.get(key);
    if (value) target.set(key, value);
  }
  return `${routes.view}?${target.toString()}`;
}

/** The viewer of the link's document (db, a, d), or the search screen when it names none or cannot be seen. */
async function documentTarget(http: Http, params: URLSearchParams): Promise<string> {
  const db = positiveId(params.get('db'));
  const archive = positiveId(params.get('a'));
  const id = positiveId(params.get('d'));
  if (db === null || archive === null || id === null) return viewTarget(params);
  try {
    const hash = await getDocumentSecureId(http, db, archive, id);
    return hash ? viewerPath({ hash, db, archive, id }) : viewTarget(params);
  } catch {
    return viewTarget(params);
  }
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

  // Runs once: the renewal's own token switch must not start another renewal.
  const obtainLicense = useEffectEvent(() => {
    if (!token) {
      navigate(loginPath({ redirectUrl: here }), { replace: true });
      return undefined;
    }
    let live = true;
    renewLicense(http, token, false).then(
      async (license) => {
        if (!live) return;
        renewSession(license);
        const target = await documentTarget(http, params);
        if (live) navigate(target, { replace: true });
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
