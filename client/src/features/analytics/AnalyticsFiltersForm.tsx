// The filters of /analytics: range preset or custom days, database, archive and the action
// checkboxes (the user filter sits with the actions it applies to, ActionsPanel).
import { useTranslation } from 'react-i18next';
import { ANALYTICS_ACTIONS } from '@gs/contract/analytics';
import { getRootArchives } from '../../api/archives';
import { useApiQuery } from '../../api/useApiQuery';
import { useKnownDatabases } from '../../api/useDatabases';
import { orderedActions, RANGE_PRESETS, type AnalyticsFilters } from './analyticsFilters';

interface Props {
  filters: AnalyticsFilters;
  database: number | null;
  archive: number;
  onChange: (change: Partial<AnalyticsFilters>) => void;
}

export function AnalyticsFiltersForm({ filters, database, archive, onChange }: Props) {
  const { t } = useTranslation();
  const databases = useKnownDatabases();
  const [archives] = useApiQuery(database === null ? null : `analytics-archives:${database}`, (http) =>
    getRootArchives(http, database ?? 0),
  );
  const toggle = (action: (typeof ANALYTICS_ACTIONS)[number], on: boolean) =>
    onChange({
      actions: orderedActions(
        on ? [...filters.actions, action] : filters.actions.filter((a) => a !== action),
      ),
    });

  return (
    <form
      className="analytics-filters"
      aria-label={t('analytics.filters.label')}
      onSubmit={(e) => e.preventDefault()}
    >
      <label className="field">
        <span className="field__label">{t('analytics.filters.range')}</span>
        <select
          className="input"
          value={filters.preset}
          onChange={(e) => {
            const preset = RANGE_PRESETS.find((p) => p === e.target.value) ?? '30';
            onChange({ preset });
          }}
        >
          {RANGE_PRESETS.map((p) => (
            <option key={p} value={p}>
              {t(`analytics.presets.${p}`)}
            </option>
          ))}
        </select>
      </label>
      {filters.preset === 'custom' && (
        <>
          <label className="field">
            <span className="field__label">{t('analytics.filters.from')}</span>
            <input
              className="input"
              type="date"
              value={filters.from}
              onChange={(e) => onChange({ from: e.target.value })}
            />
          </label>
          <label className="field">
            <span className="field__label">{t('analytics.filters.to')}</span>
            <input
              className="input"
              type="date"
              value={filters.to}
              onChange={(e) => onChange({ to: e.target.value })}
            />
          </label>
        </>
      )}
      <label className="field">
        <span className="field__label">{t('analytics.filters.database')}</span>
        <select
          className="input"
          value={database ?? ''}
          onChange={(e) => onChange({ database: Number(e.target.value) || null, archive: 0 })}
        >
          {databases.map((d) => (
            <option key={d.Id} value={d.Id}>
              {d.Name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t('analytics.filters.archive')}</span>
        <select
          className="input"
          value={archive}
          onChange={(e) => onChange({ archive: Number(e.target.value) || 0 })}
        >
          <option value={0}>{t('analytics.filters.allArchives')}</option>
          {archives.status === 'success' &&
            archives.data.map((a) => (
              <option key={a.Id} value={a.Id}>
                {a.Name}
              </option>
            ))}
        </select>
      </label>
      <fieldset className="analytics-filters__actions">
        <legend>{t('analytics.filters.actions')}</legend>
        {ANALYTICS_ACTIONS.map((action) => (
          <label key={action} className="checkbox">
            <input
              type="checkbox"
              checked={filters.actions.includes(action)}
              onChange={(e) => toggle(action, e.target.checked)}
            />
            <span>{t(`analytics.actions.${action}`)}</span>
          </label>
        ))}
      </fieldset>
    </form>
  );
}
