// The console's ephemeral state: the alert status (sleeping, idle, saved, error), the
// notifications (server messages), and whether the open editor holds unsaved changes.
import { atom } from 'jotai';

export type AlertStatus = 'sleeping' | 'idle' | 'saved' | 'error';

/** Saved and error fade back to idle after 2.5 s; notifications after 5 s (admin-spec §2, §9). */
export const ALERT_FADE_MS = 2500;
export const NOTIFICATION_FADE_MS = 5000;

export interface AdminNotification {
  id: number;
  kind: 'info' | 'error';
  text: string;
}

export const alertStatusAtom = atom<AlertStatus>('sleeping');
export const notificationsAtom = atom<AdminNotification[]>([]);
/** true while the open editor holds changes not yet saved */
export const unsavedChangesAtom = atom(false);

let nextId = 1;

export const notifyAtom = atom(null, (_get, set, note: Omit<AdminNotification, 'id'>) => {
  set(notificationsAtom, (all) => [...all, { ...note, id: nextId++ }]);
});

export const dismissNotificationAtom = atom(null, (_get, set, id: number) => {
  set(notificationsAtom, (all) => all.filter((n) => n.id !== id));
});

/**
 * Counts the reports: a second save while 'saved' still shows is a report of its own, so the fade
 * starts again and the status is shown afresh (AdminAlert keys it on this count).
 */
export const alertReportAtom = atom(0);

export const reportSavedAtom = atom(null, (get, set) => {
  set(alertReportAtom, get(alertReportAtom) + 1);
  set(alertStatusAtom, 'saved');
  set(unsavedChangesAtom, false);
});

/** An error: the status turns to error and the server's Message (or `fallback`) is shown. */
export const reportErrorAtom = atom(null, (get, set, text: string) => {
  set(alertReportAtom, get(alertReportAtom) + 1);
  set(alertStatusAtom, 'error');
  set(notifyAtom, { kind: 'error', text });
});

/** After the fade: back to idle (only from saved or error). */
export const settleAlertAtom = atom(null, (get, set) => {
  const status = get(alertStatusAtom);
  if (status === 'saved' || status === 'error') set(alertStatusAtom, 'idle');
});

/** The item open in the editor of the current mode: an id, 'new', or none (card-edit mode). */
export const editingAtom = atom<number | 'new' | null>(null);
