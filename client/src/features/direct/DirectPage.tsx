// /direct (spec §2, §4): op=1 obtains a licence then opens /view?db=; op=2 is the
// licence-expired page; op=0 with db=0 is the signed-out "thank you" page.
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { positiveId } from '../../app/paths';
import { Alert } from '../../components/Alert';
import { AuthLayout } from '../../components/AuthLayout';
import { DirectLoader } from './DirectLoader';
import { LicenseExpiredNotice, ThankYouNotice } from './DirectNotices';

export function DirectPage() {
  const [params] = useSearchParams();
  const op = params.get('op');
  const db = params.get('db');

  if (op === '1' && positiveId(db) !== null) return <DirectLoader />;
  if (op === '2') return <LicenseExpiredNotice />;
  if (op === '0' && db === '0') return <ThankYouNotice />;
  return <IncorrectParameters />;
}

function IncorrectParameters() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('direct.incorrect.title')}>
      <Alert tone="error" testId="direct-incorrect-parameters">
        {t('ERROR_INCORRECT_PARAMETERS')}
      </Alert>
    </AuthLayout>
  );
}
