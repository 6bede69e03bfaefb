// Loading, error (with retry) and loaded states of one /analytics panel.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryState } from '../../api/useApiQuery';
import { ApiError } from '../../api/http';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';

export function PanelState<T>({
  state,
  reload,
  testId,
  children,
}: {
  state: QueryState<T>;
  reload: () => void;
  testId: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (state.status === 'loading') return <Spinner label={t('analytics.loading')} />;
  if (state.status === 'error') {
    const detail = state.error instanceof ApiError ? (state.error.serverMessage ?? '') : '';
    return (
      <div className="stack">
        <Alert tone="error" testId={`${testId}-error`}>
          {t('analytics.error')}
          {detail && ` ${detail}`}
        </Alert>
        <button type="button" className="button button--small" onClick={reload}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return (
    <div className="analytics-panel-body" data-testid={testId}>
      {children(state.data)}
    </div>
  );
}
