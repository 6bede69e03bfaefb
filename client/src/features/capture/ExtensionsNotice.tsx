// The extensions warning (spec §1): shown wherever a helper feature is used while the helper
// cannot be reached ('Unable to establish a connection to GlobalSearch Extensions...') or is too
// old (GSE_WRONG_VERSION). Nothing shows while connected.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MIN_HELPER_VERSION } from '@gs/contract/helper';
import { routes } from '../../app/paths';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import type { HelperStatus } from './helperMonitor';

export function ExtensionsNotice({ status }: { status: HelperStatus }) {
  const { t } = useTranslation();
  if (status.state === 'checking') return <Spinner label={t('capture.extensions.checking')} />;
  if (status.state === 'unreachable')
    return (
      <Alert tone="warning" title={t('capture.extensions.warningTitle')} testId="extensions-warning">
        <p data-testid="extensions-warning-text">{t('capture.extensions.unreachable')}</p>
        <p>
          <Link to={routes.extensions}>{t('capture.extensions.openManager')}</Link>
        </p>
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
