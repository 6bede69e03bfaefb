// /scan?db&a (into an archive) or /scan?db&inboxId (into an inbox): the scan screen. It checks
// the Extensions helper (the extensions warning while it cannot be reached), offers the helper's
// scanner profiles, runs the scan (scanFlow.ts) with the 'continue scanning' prompt and a progress
// bar for the chunk download and the upload, then delivers the file: the indexing view for an
// archive, the inbox results for an inbox. Its controls and their rules are the scan actions of
// the action registry (actions/scanActions.ts).
import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScanScannersResponse } from '@gs/contract/helper';
import { attempt } from '../../actions/registry';
import {
  scanActions,
  type ScanActionEffects,
  type ScanActionId,
  type ScanActionState,
} from '../../actions/scanActions';
import { serverReason, translateServerMessage } from '../../lib/serverTexts';
import { Alert } from '../../components/Alert';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { captureHttpAtom, httpAtom } from '../../state/environment';
import { sessionAtom } from '../../state/session';
import { captureTimings } from './captureTimings';
import { deliverToTarget, readCaptureTarget, type CaptureTarget } from './captureTarget';
import { ExtensionsNotice } from './ExtensionsNotice';
import { rememberTitles, scanFileName } from './fileTitle';
import { effectiveHelperSettingsAtom, helperClientAtom } from './helperSettings';
import { runScan, ScanFailure } from './scanFlow';
import { failureText, ScanProgress, type Step } from './ScanProgress';
import { useHelperStatus } from './useHelperStatus';
import { useUploadFiles } from './useUploadFiles';
import { ZeroByteNotice } from './ZeroByteNotice';
import './capture.css';

export function ScanPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const target = readCaptureTarget(query);
  const session = useAtomValue(sessionAtom);
  const status = useHelperStatus('scan');
  const secure = useAtomValue(effectiveHelperSettingsAtom).scanSsl;
  // the licence: a read-only one may not scan (the start action's `allowed`)
  const licence = scanActions.get('start').allowed({
    licenseType: session?.licenseType ?? null,
    scannersRead: false,
    busy: false,
    asking: false,
  });

  let body;
  if (!target) body = <Alert tone="error">{t('ERROR_INCORRECT_PARAMETERS')}</Alert>;
  else if (licence !== true) body = <Alert tone="error">{t(licence)}</Alert>;
  else if (status.state !== 'connected') body = <ExtensionsNotice status={status} secure={secure} />;
  else body = <Scanner target={target} />;

  return (
    <section className="capture-page" aria-labelledby="scan-title">
      <div className="panel">
        <h1 id="scan-title" className="panel__title">
          {target?.kind === 'inbox' ? t('capture.scan.titleInbox') : t('capture.scan.title')}
        </h1>
        {body}
      </div>
    </section>
  );
}

function Scanner({ target }: { target: CaptureTarget }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useAtomValue(helperClientAtom).scan;
  const http = useAtomValue(httpAtom);
  const captureHttp = useAtomValue(captureHttpAtom);
  const upload = useUploadFiles();
  const licenseType = useAtomValue(sessionAtom)?.licenseType ?? null;
  const [scanners, setScanners] = useState<ScanScannersResponse | null>(null);
  const [scanner, setScanner] = useState('');
  const [pages, setPages] = useState('');
  const [step, setStep] = useState<Step>({ step: 'idle' });
  const [skipped, setSkipped] = useState<string[]>([]);
  const [prompt, setPrompt] = useState<{ pages: number; answer: (more: boolean) => void } | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    client.scanners(controller.signal).then(
      (list) => {
        setScanners(list);
        setScanner(list.Default || list.Scanners[0]?.Name || '');
      },
      () => {
        if (!controller.signal.aborted) setStep({ step: 'failed', kind: 'connect', detail: null });
      },
    );
    return () => controller.abort();
  }, [client]);

  useEffect(() => () => running.current?.abort(), []);

  const scan = async () => {
    const controller = new AbortController();
    running.current = controller;
    setSkipped([]);
    const count = Number(pages);
    try {
      const files = await runScan({
        client,
        job: {
          Scanner: scanner || undefined,
          Pages: Number.isInteger(count) && count > 0 ? count : undefined,
        },
        timings: captureTimings(),
        askContinue: (sofar) =>
          new Promise<boolean>((resolve) =>
            setPrompt({
              pages: sofar,
              answer: (more) => {
                setPrompt(null);
                resolve(more);
              },
            }),
          ),
        onPhase: (phase) => setStep({ step: 'scanning', phase }),
        signal: controller.signal,
      });
      setStep({ step: 'uploading', fraction: 0 });
      let uploaded;
      try {
        uploaded = await upload(
          files,
          (progress) => setStep({ step: 'uploading', fraction: progress.fraction }),
          controller.signal,
        );
      } catch (error) {
        if (controller.signal.aborted) return;
        const detail = serverReason(error);
        setStep({ step: 'failed', kind: 'upload', detail });
        return;
      }
      setSkipped(uploaded.skipped);
      if (uploaded.names.length === 0) {
        setStep({ step: 'idle' });
        return;
      }
      setStep({ step: 'delivering' });
      // a scan is called "Scan <date time>" (fileTitle.ts), not by the helper's GUID name
      const scanned = new Date();
      const named = uploaded.files.map((f, i) => ({
        name: f.name,
        originalName: scanFileName(t('capture.scan.fileWord'), scanned, files[i]?.name ?? f.name),
      }));
      rememberTitles(named);
      const next = await deliverToTarget(
        http,
        target,
        named.map((f) => ({ cacheName: f.name, name: f.originalName })),
        captureHttp,
      );
      navigate(next);
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof ScanFailure) setStep({ step: 'failed', kind: error.kind, detail: error.detail });
      else
        setStep({
          step: 'failed',
          kind: 'upload',
          detail: serverReason(error),
        });
    }
  };

  const cancel = () => {
    running.current?.abort();
    setPrompt(null);
    setStep({ step: 'idle' });
  };

  if (!scanners && step.step !== 'failed') return <Spinner label={t('capture.scan.loadingScanners')} />;
  const busy = step.step !== 'idle' && step.step !== 'failed';
  // the screen the scan actions' rules read, and what they do to it
  const shown: ScanActionState = {
    licenseType,
    scannersRead: scanners !== null,
    busy,
    asking: prompt !== null,
  };
  const effects: ScanActionEffects = {
    start: () => void scan(),
    cancel,
    answer: (more) => prompt?.answer(more),
  };
  const use = (id: ScanActionId) => attempt(scanActions.get(id), { ...shown, ...effects });
  const startAction = scanActions.get('start');
  const cancelAction = scanActions.get('cancel');
  const moreAction = scanActions.get('scanMore');
  const finishAction = scanActions.get('finish');

  return (
    <div className="stack">
      <ZeroByteNotice names={skipped} />
      {step.step === 'failed' && (
        <Alert tone="error" testId="scan-error">
          <p data-testid="scan-error-text">{failureText(t, step.kind)}</p>
          {step.detail && <p>{translateServerMessage(t, step.detail)}</p>}
        </Alert>
      )}
      {scanners && (
        <form
          className="capture-form"
          onSubmit={(event) => {
            event.preventDefault();
            use('start');
          }}
        >
          <div className="field">
            <label htmlFor="scan-scanner">{t('capture.scan.scanner')}</label>
            <select
              id="scan-scanner"
              value={scanner}
              disabled={busy}
              onChange={(event) => setScanner(event.target.value)}
            >
              {scanners.Scanners.map((profile) => (
                <option key={profile.Name} value={profile.Name}>
                  {profile.Name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="scan-pages">{t('capture.scan.pages')}</label>
            <input
              id="scan-pages"
              type="number"
              min={1}
              max={500}
              value={pages}
              disabled={busy}
              placeholder={t('capture.scan.pagesAll')}
              onChange={(event) => setPages(event.target.value)}
            />
          </div>
          <div className="capture-actions">
            <button
              type="submit"
              className="button button--primary"
              disabled={startAction.enabled(shown) !== true}
              data-testid={startAction.testId}
            >
              {t(startAction.label)}
            </button>
            {cancelAction.enabled(shown) === true && (
              <button
                type="button"
                className="button"
                onClick={() => use('cancel')}
                data-testid={cancelAction.testId}
              >
                {t(cancelAction.label)}
              </button>
            )}
          </div>
        </form>
      )}
      <ScanProgress step={step} />
      {prompt && (
        <Modal
          title={t('capture.scan.continueTitle')}
          onClose={() => use('finish')}
          size="small"
          testId="continue-scanning"
          footer={
            <>
              <button
                type="button"
                className="button"
                onClick={() => use('scanMore')}
                data-testid={moreAction.testId}
              >
                {t(moreAction.label)}
              </button>
              <button
                type="button"
                className="button button--primary"
                data-autofocus
                onClick={() => use('finish')}
                data-testid={finishAction.testId}
              >
                {t(finishAction.label)}
              </button>
            </>
          }
        >
          <p>{t('capture.scan.continueText', { pages: prompt.pages })}</p>
        </Modal>
      )}
    </div>
  );
}
