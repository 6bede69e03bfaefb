// The extensions warning (spec §1): shown wherever a helper feature is used while the helper
// cannot be reached ('Unable to establish a connection to GlobalSearch Extensions...') or is too
// old (GSE_WRONG_VERSION). Nothing shows while connected. When the feature calls the helper over
// https, the browser may simply not trust the helper's certificate yet: the warning then says so
// and links to /gseconnect, which walks the user through trusting it and comes back here.
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MIN_HELPER_VERSION } from '@gs/contract/helper';
import { routes } from '../../app/paths';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import type { HelperStatus } from './helperMonitor';

/** The query parameter of /gseconnect naming where to go back once the helper answers. */
export const RETURN_PARAM = 'return';

/** /gseconnect?return=<this screen>, for coming back once the certificate is trusted. */
export function trustLinkFor(returnTo: string): string {
  return `${routes.extensions}?${new URLSearchParams({ [RETURN_PARAM]: returnTo }).toString()}`;
}

export function ExtensionsNotice({ status, secure = false }: { status: HelperStatus; secure?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (status.state === 'checking') return <Spinner label={t('capture.extensions.checking')} />;
  if (status.state === 'unreachable')
    return (
      <Alert tone="warning" title={t('capture.extensions.warningTitle')} testId="extensions-warning">
        <p data-testid="extensions-warning-text">{t('capture.extensions.unreachable')}</p>
        {secure && location.pathname !== routes.extensions ? (
          <>
            <p data-testid="extensions-certificate-hint">{t('capture.extensions.certificateHint')}</p>
            <p>
              <Link to={trustLinkFor(`${location.pathname}${location.search}`)}>
                {t('capture.extensions.trustLink')}
              </Link>
            </p>
          </>
        ) : (
          location.pathname !== routes.extensions && (
            <p>
              <Link to={routes.extensions}>{t('capture.extensions.openManager')}</Link>
            </p>
          )
        )}
      </Alert>
    );
  if (status.state === 'wrongVersion')
    return (
      <Alert tone="warning" title={t('capture.extensions.warningTitle')} testId="extensions-wrong-version">
        <p>{t('GSE_WRONG_VERSION')}</p>
        <p>
          {t('capture.extensions.versionDetail', {
            version: status.info.Version,
            minimum: MIN_HELPER_VERSION,
          })}
        </p>
      </Alert>
    );
  return null;
}
