// Loading, error (with retry) and loaded states of one /analytics panel: the one QueryBoundary.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryState } from '../../api/useApiQuery';
import { QueryBoundary } from '../../components/QueryBoundary';

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
  return (
    <QueryBoundary
      state={state}
      reload={reload}
      loading={t('analytics.loading')}
      error={t('analytics.error')}
      detail
      testId={`${testId}-error`}
    >
      {(data) => (
        <div className="analytics-panel-body" data-testid={testId}>
          {children(data)}
        </div>
      )}
    </QueryBoundary>
  );
}
