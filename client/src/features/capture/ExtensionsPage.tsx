// /gseconnect: GlobalSearch Extensions. Shows whether the tray helper answers, its version and
// mode, its packages, and runs the install flow: wait (polling every 5 s) until the helper is
// running, install the Scanning package when missing and reload the page. When a feature calls
// the helper over https, it also walks the user through trusting the helper's certificate
// (TrustCertificate) and goes back to the screen that sent them here.
import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { HelperPackage } from '@gs/contract/helper';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { captureTimings } from './captureTimings';
import { ExtensionsNotice } from './ExtensionsNotice';
import { runInstallFlow, INSTALL_PACKAGE, type InstallStep } from './helperMonitor';
import { effectiveHelperSettingsAtom, helperClientAtom, helperUrlFor } from './helperSettings';
import { HelperSettings } from './HelperSettings';
import { TrustCertificate } from './TrustCertificate';
import { useHelperStatus } from './useHelperStatus';
import './capture.css';

export function ExtensionsPage({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { t } = useTranslation();
  const client = useAtomValue(helperClientAtom).io;
  const settings = useAtomValue(effectiveHelperSettingsAtom);
  const status = useHelperStatus('io');
  const [packages, setPackages] = useState<HelperPackage[] | null>(null);
  const [install, setInstall] = useState<InstallStep | 'failed' | null>(null);
  const flow = useRef<AbortController | null>(null);

  useEffect(() => {
    if (status.state !== 'connected') return;
    const controller = new AbortController();
    client.checkPackages(controller.signal).then(setPackages, () => setPackages(null));
    return () => controller.abort();
  }, [client, status]);

  useEffect(() => () => flow.current?.abort(), []);

  const startInstall = () => {
    flow.current?.abort();
    const controller = new AbortController();
    flow.current = controller;
    runInstallFlow({
      client,
      pollMs: captureTimings().installPollMs,
      reload,
      onStep: setInstall,
      signal: controller.signal,
    }).catch(() => {
      if (!controller.signal.aborted) setInstall('failed');
    });
  };

  // what the helper said last is known only while it answers: else each package is unknown
  const live = status.state === 'connected';
  const scanningInstalled = packages?.some((p) => p.AppName === INSTALL_PACKAGE && p.Installed) ?? false;
  const packageState = (p: HelperPackage) =>
    !live
      ? t('capture.extensions.unknown')
      : p.Installed
        ? t('capture.extensions.installed')
        : t('capture.extensions.notInstalled');

  return (
    <section className="capture-page" aria-labelledby="extensions-title">
      <div className="panel">
        <h1 id="extensions-title" className="panel__title">
          {t('capture.extensions.title')}
        </h1>
        <p className="panel__lead">{t('capture.extensions.lead')}</p>
        <dl className="details">
          <dt>{t('capture.extensions.address')}</dt>
          <dd data-testid="extensions-address">{helperUrlFor(settings, 'io')}</dd>
          <dt>{t('capture.extensions.status')}</dt>
          <dd data-testid="extensions-status">{t(`capture.extensions.state.${status.state}`)}</dd>
          {'info' in status && (
            <>
              <dt>{t('capture.extensions.version')}</dt>
              <dd data-testid="extensions-version">{status.info.Version}</dd>
              <dt>{t('capture.extensions.mode')}</dt>
              <dd>{status.info.Mode}</dd>
            </>
          )}
        </dl>
        {status.state !== 'connected' && status.state !== 'checking' && <ExtensionsNotice status={status} />}
        {(settings.scanSsl || settings.ioSsl) && <TrustCertificate />}
        {packages && (
          <>
            <h2 className="panel__subtitle">{t('capture.extensions.packages')}</h2>
            <ul className="capture-packages" data-testid="extensions-packages">
              {packages.map((p) => (
                <li key={p.AppName}>
                  <span>{p.AppName}</span>
                  <span className="muted">{packageState(p)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
        {install === 'failed' && <Alert tone="error">{t('capture.extensions.installFailed')}</Alert>}
        {install && install !== 'failed' ? (
          <Spinner label={t(`capture.extensions.install.${install}`)} />
        ) : (
          (status.state === 'unreachable' || (live && packages && !scanningInstalled)) && (
            <div className="capture-actions">
              <button type="button" className="button button--primary" onClick={startInstall}>
                {t('capture.extensions.installButton')}
              </button>
            </div>
          )
        )}
        <HelperSettings />
      </div>
    </section>
  );
}
