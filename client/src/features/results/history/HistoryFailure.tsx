// A failed history load: the error (the server's message when it sent one) and a retry button.
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { errorText } from './historyError';

export function HistoryFailure({ failure, onRetry }: { failure: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert tone="error" testId="history-error">
        {errorText(t, failure)}
      </Alert>
      <button type="button" className="button button--small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </>
  );
}
