// History entries, newest first: when, who, what (the action in the user's language when the client
// knows it, lib/serverTexts.ts), and for archive history which document.
import { useTranslation } from 'react-i18next';
import type { HistoryEntry } from '@gs/contract/history';
import { translateHistoryLine } from '../../../lib/serverTexts';
import { categoryOf } from './historyFilter';

function when(time: string, locale: string): string {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? time : date.toLocaleString(locale);
}

export function HistoryList({ entries, showDocument }: { entries: HistoryEntry[]; showDocument?: boolean }) {
  const { t, i18n } = useTranslation();
  if (entries.length === 0) return <p className="muted">{t('history.empty')}</p>;
  return (
    <ol className="history-list" data-testid="history-list">
      {entries.map((entry, index) => {
        const category = categoryOf(entry);
        return (
          <li key={`${entry.Time}:${index}`} className="history-list__item">
            <p className="history-list__message">{translateHistoryLine(t, entry.Message)}</p>
            <p className="history-list__meta">
              {category && <span className="badge">{t(`history.category.${category}`)}</span>}
              <span>{entry.UserName}</span>
              <time dateTime={entry.Time}>{when(entry.Time, i18n.language)}</time>
              {showDocument && <span>{t('history.document', { id: entry.DocumentID })}</span>}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
