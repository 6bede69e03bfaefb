// The scan screen's progress (the scanner's phase, the download and the upload) and the text of a
// scan that failed (ScanPage.tsx).
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { ProgressBar } from './ProgressBar';
import type { ScanFailureKind, ScanPhase } from './scanFlow';

export type Step =
  | { step: 'idle' }
  | { step: 'scanning'; phase: ScanPhase }
  | { step: 'uploading'; fraction: number }
  | { step: 'delivering' }
  | { step: 'failed'; kind: ScanFailureKind | 'upload'; detail: string | null };

export function failureText(t: TFunction, kind: ScanFailureKind | 'upload'): string {
  switch (kind) {
    case 'inUse':
      return t('capture.scan.inUse');
    case 'cancelled':
      return t('capture.scan.cancelled');
    case 'connect':
      return t('capture.scan.connectError');
    case 'upload':
      return t('capture.upload.failed');
    default:
      return t('ERROR_SCAN_ERROR');
  }
}

export function ScanProgress({ step }: { step: Step }) {
  const { t } = useTranslation();
  if (step.step === 'uploading')
    return (
      <ProgressBar label={t('capture.upload.progress')} fraction={step.fraction} testId="upload-progress" />
    );
  if (step.step === 'delivering') return <Spinner label={t('capture.scan.delivering')} />;
  if (step.step !== 'scanning') return null;
  const { phase } = step;
  if (phase.phase === 'downloading')
    return (
      <ProgressBar
        label={t('capture.scan.downloading')}
        fraction={phase.total ? phase.loaded / phase.total : 0}
        testId="download-progress"
      />
    );
  if (phase.phase === 'merging') return <Spinner label={t('capture.scan.merging')} />;
  if (phase.phase === 'scanning')
    return <Spinner label={t('capture.scan.scanning', { pages: phase.pages })} />;
  return <Spinner label={t('capture.scan.starting')} />;
}
