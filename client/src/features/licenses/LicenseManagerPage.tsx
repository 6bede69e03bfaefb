// /admin/licenses: the license manager of administrators of all databases (spec §2, §6): the live
// licences, one row per user (a seat) with their sessions, type, IPs, created, last access and
// idle time; release a user (every session) or all. A released user is signed out: their next
// call is refused and their browser shows the sign-in page with the licence-expired message
// (RequireSession; decisions 023, 056).
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { listLicenses, releaseAllLicenses, releaseUserLicenses } from '../../api/licenseManager';
import { useApiQuery } from '../../api/useApiQuery';
import { Alert } from '../../components/Alert';
import { Modal } from '../../components/Modal';
import { QueryBoundary } from '../../components/QueryBoundary';
import { httpAtom } from '../../state/environment';
import { sessionAtom } from '../../state/session';
import { licenseRows, type LicenseRow } from './licenseRows';
import './licenses.css';
import { useDateFormat } from '../../app/useDateFormat';

type Notice = { tone: 'success' | 'error'; text: string } | null;

export function LicenseManagerPage() {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const session = useAtomValue(sessionAtom);
  // idle time is counted to the moment the list arrived
  const [state, reload] = useApiQuery('licenses', async (h) => ({
    licenses: await listLicenses(h),
    at: Date.now(),
  }));
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>, done: string) => {
    setBusy(true);
    try {
      await work();
      setNotice({ tone: 'success', text: done });
    } catch {
      setNotice({ tone: 'error', text: t('licenseManager.releaseError') });
    } finally {
      setBusy(false);
      reload();
    }
  };
  // the row to release, or 'all'; asked in a dialog first
  const [asking, setAsking] = useState<LicenseRow | 'all' | null>(null);
  const confirmRelease = () => {
    const target = asking;
    setAsking(null);
    if (target === 'all') void run(() => releaseAllLicenses(http), t('licenseManager.releasedAll'));
    else if (target) void run(() => releaseUserLicenses(http, target.tokens), t('licenseManager.released'));
  };
  const dates = useDateFormat();
  const when = (ms: number | null) => (ms === null ? '' : dates.dateTime(ms));

  const body = (
    <QueryBoundary
      state={state}
      loading={t('licenseManager.loading')}
      error={(error) =>
        error instanceof ApiError && error.status === 403
          ? t('licenseManager.forbidden')
          : t('licenseManager.error')
      }
      testId="license-manager-error"
    >
      {(data) => {
        const rows = licenseRows(data.licenses, data.at, session?.token ?? null);
        return rows.length === 0 ? (
          <p>{t('licenseManager.empty')}</p>
        ) : (
          <table className="license-table" data-testid="license-table">
            <thead>
              <tr>
                <th>{t('licenseManager.user')}</th>
                <th>{t('licenseManager.type')}</th>
                <th>{t('licenseManager.sessions')}</th>
                <th>{t('licenseManager.ip')}</th>
                <th>{t('licenseManager.created')}</th>
                <th>{t('licenseManager.accessed')}</th>
                <th>{t('licenseManager.idle')}</th>
                <th>
                  <span className="visually-hidden">{t('licenseManager.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.user} data-testid="license-row" data-user={row.user}>
                  <td>
                    {row.user} {row.mine && t('licenseManager.you')}
                  </td>
                  <td>{t(`session.licenseType.${row.type}`, { defaultValue: String(row.type) })}</td>
                  <td data-testid="license-sessions">{row.sessions}</td>
                  <td>{row.ip}</td>
                  <td>{when(row.created)}</td>
                  <td>{when(row.accessed)}</td>
                  <td>
                    {row.idleMinutes === null
                      ? ''
                      : t('licenseManager.idleMinutes', { count: row.idleMinutes })}
                  </td>
                  <td>
                    {!row.mine && (
                      <button
                        type="button"
                        className="button"
                        disabled={busy}
                        aria-label={t('licenseManager.releaseUser', { name: row.user })}
                        onClick={() => setAsking(row)}
                      >
                        {t('licenseManager.release')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        );
      }}
    </QueryBoundary>
  );

  return (
    <section className="panel" aria-labelledby="license-manager-title" data-testid="license-manager">
      <h1 id="license-manager-title" className="panel__title">
        {t('licenseManager.title')}
      </h1>
      <div className="license-manager__toolbar">
        <button type="button" className="button" onClick={reload} disabled={busy}>
          {t('licenseManager.refresh')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => setAsking('all')}
          disabled={busy || state.status !== 'success'}
          data-testid="license-release-all"
        >
          {t('licenseManager.releaseAll')}
        </button>
      </div>
      {notice && (
        <Alert tone={notice.tone} testId="license-manager-notice">
          {notice.text}
        </Alert>
      )}
      {body}
      {asking && (
        <Modal
          title={t('licenseManager.title')}
          size="small"
          onClose={() => setAsking(null)}
          testId="license-release-confirm"
          footer={
            <>
              <button type="button" className="button" onClick={() => setAsking(null)}>
                {t('licenseManager.cancel')}
              </button>
              <button
                type="button"
                className="button button--primary"
                data-autofocus
                onClick={confirmRelease}
              >
                {asking === 'all' ? t('licenseManager.releaseAll') : t('licenseManager.release')}
              </button>
            </>
          }
        >
          <p>
            {asking === 'all'
              ? t('licenseManager.releaseAllConfirm')
              : t('licenseManager.releaseConfirm', { name: asking.user })}
          </p>
        </Modal>
      )}
    </section>
  );
}
