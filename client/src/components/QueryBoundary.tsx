// The one presentation of a query's loading, error and retry (decision 064): a spinner with the
// screen's loading text, an error alert (with the server's reason when `detail`, in the user's
// language: lib/serverTexts) and Retry, or the
// data. QueryFailure is the error part alone, for a screen that shows its loading elsewhere.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryState } from '../api/useApiQuery';
import { translateServerError } from '../lib/serverTexts';
import { Alert } from './Alert';
import { Spinner } from './Spinner';

interface FailureProps {
  state: QueryState<unknown>;
  /** Retry; no button without it */
  reload?: () => void;
  /** the error's text */
  error: string;
  /** add the server's reason after the text */
  detail?: boolean;
  testId?: string;
  /** a small Retry (sidebars, panels) */
  small?: boolean;
}

export function QueryFailure({ state, reload, error, detail, testId, small = true }: FailureProps) {
  const { t } = useTranslation();
  if (state.status !== 'error') return null;
  const message = detail ? translateServerError(t, state.error) : null;
  const alert = (
    <Alert tone="error" testId={testId}>
      {error}
      {message && ` ${message}`}
    </Alert>
  );
  if (!reload) return alert;
  return (
    <div className="stack">
      {alert}
      <button type="button" className={small ? 'button button--small' : 'button'} onClick={reload}>
        {t('common.retry')}
      </button>
    </div>
  );
}

export function QueryBoundary<T>({
  loading,
  children,
  ...failure
}: Omit<FailureProps, 'state'> & {
  state: QueryState<T>;
  /** the spinner's text */
  loading: string;
  /** the data; without it the boundary shows only the loading and the error */
  children?: (data: T) => ReactNode;
}) {
  const { state } = failure;
  if (state.status === 'loading') return <Spinner label={loading} />;
  if (state.status === 'error') return <QueryFailure {...failure} />;
  return <>{children?.(state.data)}</>;
}
