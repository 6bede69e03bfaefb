// The 15 category toggles of the history panel (spec §9).
import { useTranslation } from 'react-i18next';
import { HISTORY_CATEGORIES } from '@gs/contract/history';
import { toggleCategory, type HistoryFilter } from './historyFilter';

export function HistoryFilters({
  filter,
  onChange,
}: {
  filter: HistoryFilter;
  onChange: (next: HistoryFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="history-filters" role="group" aria-label={t('history.filters')}>
      {HISTORY_CATEGORIES.map((category) => (
        <button
          key={category}
          type="button"
          className="history-filters__toggle"
          aria-pressed={filter.has(category)}
          onClick={() => onChange(toggleCategory(filter, category))}
        >
          {t(`history.category.${category}`)}
        </button>
      ))}
    </div>
  );
}
