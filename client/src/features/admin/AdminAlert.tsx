// The console's alert status and its notifications: saved and error fade back to idle after
// 2.5 s, each notification after 5 s (admin-spec §2).
import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  ALERT_FADE_MS,
  alertReportAtom,
  alertStatusAtom,
  dismissNotificationAtom,
  NOTIFICATION_FADE_MS,
  notificationsAtom,
  settleAlertAtom,
  type AdminNotification,
} from './adminAtoms';

function Notification({ note }: { note: AdminNotification }) {
  const { t } = useTranslation();
  const dismiss = useSetAtom(dismissNotificationAtom);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(note.id), NOTIFICATION_FADE_MS);
    return () => clearTimeout(timer);
  }, [dismiss, note.id]);
  return (
    <li className={`admin-note admin-note--${note.kind}`} role={note.kind === 'error' ? 'alert' : 'status'}>
      <span>{note.text}</span>
      <button
        type="button"
        className="icon-button"
        aria-label={t('common.close')}
        onClick={() => dismiss(note.id)}
      >
        ×
      </button>
    </li>
  );
}

export function AdminAlert() {
  const { t } = useTranslation();
  const status = useAtomValue(alertStatusAtom);
  const report = useAtomValue(alertReportAtom);
  const notes = useAtomValue(notificationsAtom);
  const settle = useSetAtom(settleAlertAtom);
  useEffect(() => {
    if (status !== 'saved' && status !== 'error') return;
    const timer = setTimeout(settle, ALERT_FADE_MS);
    return () => clearTimeout(timer);
    // a new report of the same status starts the fade again
  }, [status, report, settle]);
  return (
    <div className="admin-alert">
      <span
        key={report}
        className={`admin-alert__status admin-alert__status--${status}`}
        data-testid="admin-alert"
        data-status={status}
      >
        {t(`admin.alert.${status}`)}
      </span>
      <ul className="admin-notes" aria-live="polite">
        {notes.map((note) => (
          <Notification key={note.id} note={note} />
        ))}
      </ul>
    </div>
  );
}
