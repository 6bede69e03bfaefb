// Loading, error or the data of a mode's query: the one QueryBoundary with the administration's texts.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryState } from '../../api/useApiQuery';
import { QueryBoundary } from '../../components/QueryBoundary';

export function QueryView<T>({
  state,
  reload,
  children,
}: {
  state: QueryState<T>;
  reload: () => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <QueryBoundary
      state={state}
      reload={reload}
      loading={t('app.loading')}
      error={t('admin.alert.loadFailed')}
      detail
      small={false}
    >
      {children}
    </QueryBoundary>
  );
}
