// The notifications menu of the header (spec §2, §4): a bell with the number of unread notes; it
// opens the notes of every type (0-9), newest first. Export (1) and open (4) notes carry a link;
// job notes (5) show how many results came back good and bad out of the total, and their
// failures as 'DocID {id}: {text}'. Opening the menu marks the notes read.
import { useEffect, useId, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  markNotesReadAtom,
  noteHasLink,
  noteIsError,
  notesAtom,
  NoteType,
  unreadNotesAtom,
  type Note,
} from '../../state/notes';
import './notifications.css';
import { useDateFormat } from '../../app/useDateFormat';

function Bell() {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <path
        d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const toneOf = (note: Note): string => {
  if (noteIsError(note.type)) return 'error';
  if (note.type === NoteType.Job) return note.job && note.job.danger > 0 ? 'warning' : 'job';
  if (note.type === NoteType.Success) return 'success';
  return 'info';
};

export function NotificationsMenu() {
  const { t } = useTranslation();
  const notes = useAtomValue(notesAtom);
  const unread = useAtomValue(unreadNotesAtom);
  const markRead = useSetAtom(markNotesReadAtom);
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    markRead();
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !wrapper.current?.contains(event.target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, markRead, notes.length]);

  const label = unread > 0 ? t('notifications.titleUnread', { count: unread }) : t('notifications.title');
  return (
    <div className="notifications" ref={wrapper}>
      <button
        type="button"
        className="header-button notifications__bell"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        data-testid="notifications-bell"
      >
        <Bell />
        {unread > 0 && (
          <span className="notifications__count" data-testid="notifications-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          className="notifications__panel"
          role="region"
          aria-label={t('notifications.title')}
          data-testid="notifications-panel"
        >
          <h2 className="notifications__heading">{t('notifications.title')}</h2>
          {notes.length === 0 ? (
            <p className="muted notifications__empty">{t('notifications.empty')}</p>
          ) : (
            <ul className="notifications__list">
              {notes.map((note) => (
                <NoteItem key={note.id} note={note} />
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function NoteItem({ note }: { note: Note }) {
  const { t } = useTranslation();
  const time = useDateFormat().time(note.createdAt);
  const job = note.job;
  const done = job ? job.success + job.danger : 0;
  return (
    <li
      className={`notifications__note notifications__note--${toneOf(note)}`}
      data-testid={`note-${note.id}`}
      data-note-type={note.type}
    >
      <div className="notifications__line">
        <span className="notifications__kind">{t(`notifications.type.${note.type}`)}</span>
        <time className="notifications__time" dateTime={new Date(note.createdAt).toISOString()}>
          {time}
        </time>
      </div>
      {noteHasLink(note.type) && note.href ? (
        <a
          className="notifications__text"
          href={note.href}
          target={note.type === NoteType.OpenLink ? '_blank' : undefined}
          rel="noopener noreferrer"
          download={note.type === NoteType.ExportLink ? '' : undefined}
        >
          {note.text}
        </a>
      ) : (
        <p className="notifications__text">{note.text}</p>
      )}
      {job && (
        <div className="notifications__job" data-testid="note-job">
          <progress
            max={job.total}
            value={done}
            aria-label={t('notifications.job.progress', { done, total: job.total })}
          />
          <p className="notifications__counts">
            <span className="notifications__success">
              {t('notifications.job.success', { count: job.success, total: job.total })}
            </span>
            {job.danger > 0 && (
              <span className="notifications__danger">
                {t('notifications.job.danger', { count: job.danger, total: job.total })}
              </span>
            )}
          </p>
          {job.errors.length > 0 && (
            <ul className="notifications__errors">
              {job.errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </li>
  );
}
