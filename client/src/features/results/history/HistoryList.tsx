// History entries, newest first: when, who, what (the action in the user's language when the client
// knows it, lib/serverTexts.ts), and for archive history which document.
import { useTranslation } from 'react-i18next';
import type { HistoryEntry } from '@gs/contract/history';
import { translateHistoryLine } from '../../../lib/serverTexts';
import { categoryOf } from './historyFilter';
import { useDateFormat } from '../../../app/useDateFormat';

export function HistoryList({ entries, showDocument }: { entries: HistoryEntry[]; showDocument?: boolean }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
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
              <time dateTime={entry.Time}>{dates.dateTime(entry.Time)}</time>
              {showDocument && <span>{t('history.document', { id: entry.DocumentID })}</span>}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
