// Loading, error or the data of a mode's query; the error offers a retry.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import type { QueryState } from '../../api/useApiQuery';
import { Spinner } from '../../components/Spinner';

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
  if (state.status === 'loading') return <Spinner label={t('app.loading')} />;
  if (state.status === 'error') {
    const message = state.error instanceof ApiError ? state.error.serverMessage : null;
    return (
      <div role="alert" className="admin-load-error">
        <p>{message ?? t('admin.alert.loadFailed')}</p>
        <button type="button" className="button" onClick={reload}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return <>{children(state.data)}</>;
}
