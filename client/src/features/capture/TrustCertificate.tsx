// /gseconnect's certificate step (decision 011): when a feature calls the Extensions helper over
// https (always so from a page served over https), the browser must trust the helper's
// certificate, which the helper made itself on this computer. The step explains it, opens the
// helper's https address in a new tab for the user to accept, pings it every 5 s (the spec's
// extension ping) and, once it answers, goes back to the screen that sent the user here.
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { helperPaths } from '@gs/contract/helper';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { RETURN_PARAM } from './ExtensionsNotice';
import { effectiveHelperSettingsAtom, helperHttpsClientAtom, helperHttpsUrl } from './helperSettings';
import { useHelperClientStatus } from './useHelperStatus';

/** Only a path of this app: never another site (`//host`, `/\host`) or a full URL. */
export function safeReturnPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

export function TrustCertificate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const settings = useAtomValue(effectiveHelperSettingsAtom);
  const status = useHelperClientStatus(useAtomValue(helperHttpsClientAtom));
  const returnTo = safeReturnPath(query.get(RETURN_PARAM));
  const trusted = status.state === 'connected' || status.state === 'wrongVersion';

  useEffect(() => {
    if (trusted && returnTo) void navigate(returnTo, { replace: true });
  }, [trusted, returnTo, navigate]);

  const address = `${helperHttpsUrl(settings)}${helperPaths.managementTest}`;
  return (
    <section aria-labelledby="trust-title" data-testid="trust-certificate">
      <h2 id="trust-title" className="panel__subtitle">
        {t('capture.extensions.trust.title')}
      </h2>
      {status.state === 'checking' ? (
        <Spinner label={t('capture.extensions.checking')} />
      ) : trusted ? (
        <Alert tone="success" testId="trust-done">
          {t(returnTo ? 'capture.extensions.trust.returning' : 'capture.extensions.trust.trusted')}
        </Alert>
      ) : (
        <div className="stack">
          <p>
            {t(settings.pageSecure ? 'capture.extensions.trust.why' : 'capture.extensions.trust.whyChosen')}
          </p>
          <ol className="capture-steps">
            <li>{t('capture.extensions.trust.step1')}</li>
            <li>{t('capture.extensions.trust.step2')}</li>
            <li>{t('capture.extensions.trust.step3')}</li>
          </ol>
          <div className="capture-actions">
            <a className="button button--primary" href={address} target="_blank" rel="noopener noreferrer">
              {t('capture.extensions.trust.open', { address: helperHttpsUrl(settings) })}
            </a>
          </div>
          <Spinner label={t('capture.extensions.trust.waiting')} />
        </div>
      )}
    </section>
  );
}
