// The one presentation of a query's loading, error and retry (decisions 064, 081): every screen's
// `status === 'error'` goes through here (an ESLint rule refuses it elsewhere in the client's
// components). QueryBoundary shows the loading, the failure or the data; QueryFailure is the
// failure part alone, shown in place of its children (a screen that shows its loading elsewhere).
// Variants for small places, same texts and Retry:
// - `loadingAs`: 'spinner' (default) or 'line', a muted line (menus, notices);
// - `failureAs`: 'alert' (default: the error alert, with the server's reason when `detail`, in the
//   user's language: lib/serverTexts, and Retry) or 'line', a line (menus, tree rows), which is a
//   small button carrying the text when it can retry;
// - `preset`: the texts of a whole area ('admin': the administration's, 'analytics': a panel's).
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryState } from '../api/useApiQuery';
import { translateServerError } from '../lib/serverTexts';
import { Alert } from './Alert';
import { Spinner } from './Spinner';

/** The error's text, or the text for this error (a 403 said otherwise). */
export type FailureText = string | ((error: unknown) => string);

const PRESETS = {
  admin: { loading: 'app.loading', error: 'admin.alert.loadFailed', detail: true, small: false },
  analytics: { loading: 'analytics.loading', error: 'analytics.error', detail: true, small: true },
} as const;

export type BoundaryPreset = keyof typeof PRESETS;

interface FailureProps {
  state: QueryState<unknown>;
  /** Retry; no button without it */
  reload?: () => void;
  /** the error's text (the preset's without it) */
  error?: FailureText;
  /** add the server's reason after the text */
  detail?: boolean;
  testId?: string;
  /** a small Retry (sidebars, panels) */
  small?: boolean;
  failureAs?: 'alert' | 'line';
  /** the line's class ('muted' unless given) */
  className?: string;
  /** errors that mean there is nothing to show (a server without the route): nothing is rendered */
  ignore?: (error: unknown) => boolean;
  /** told each time the query fails (a screen that falls back to another) */
  onError?: (error: unknown) => void;
  preset?: BoundaryPreset;
}

function useFailureText() {
  const { t } = useTranslation();
  return (props: FailureProps, error: unknown): { text: string; reason: string | null } => {
    const given = props.error ?? (props.preset ? t(PRESETS[props.preset].error) : '');
    const text = typeof given === 'function' ? given(error) : given;
    const detail = props.detail ?? (props.preset ? PRESETS[props.preset].detail : false);
    return { text, reason: detail ? translateServerError(t, error) : null };
  };
}

/** The failure of `state`, or `children` while it has not failed (loading included). */
export function QueryFailure(props: FailureProps & { children?: ReactNode }) {
  const { t } = useTranslation();
  const describe = useFailureText();
  const { state, reload, testId, failureAs = 'alert', ignore, onError, preset, children } = props;
  const failed = state.status === 'error' ? state : null;
  const told = useRef<unknown>(null);
  useEffect(() => {
    if (failed && told.current !== failed.error) onError?.(failed.error);
    told.current = failed ? failed.error : null;
  }, [failed, onError]);
  if (!failed) return <>{children}</>;
  if (ignore?.(failed.error)) return null;
  const { text, reason } = describe(props, failed.error);
  const message = reason ? `${text} ${reason}` : text;
  if (failureAs === 'line') {
    const lineClass = props.className ?? 'muted';
    if (!reload)
      return (
        <p className={lineClass} role="alert" data-testid={testId}>
          {message}
        </p>
      );
    return (
      <button
        type="button"
        className={`button button--small ${lineClass}`}
        onClick={reload}
        data-testid={testId}
      >
        {message}
      </button>
    );
  }
  const alert = (
    <Alert tone="error" testId={testId}>
      {message}
    </Alert>
  );
  if (!reload) return alert;
  const small = props.small ?? (preset ? PRESETS[preset].small : true);
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
  loadingAs = 'spinner',
  children,
  ...failure
}: Omit<FailureProps, 'state'> & {
  state: QueryState<T>;
  /** the loading text (the preset's without it) */
  loading?: string;
  loadingAs?: 'spinner' | 'line';
  /** the data; without it the boundary shows only the loading and the error */
  children?: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const { state, preset } = failure;
  if (state.status === 'loading') {
    const label = loading ?? (preset ? t(PRESETS[preset].loading) : t('app.loading'));
    return loadingAs === 'line' ? <p className="muted">{label}</p> : <Spinner label={label} />;
  }
  return <QueryFailure {...failure}>{state.status === 'success' && children?.(state.data)}</QueryFailure>;
}
