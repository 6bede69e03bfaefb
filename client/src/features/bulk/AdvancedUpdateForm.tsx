// The advanced bulk update: a CSV whose rows carry the archive ID and DocID plus field values
// (`csvupdate`), or whose rows each run a chosen search with mapped prompt columns and update its
// matches with mapped data columns (`csvsearchupdate`). Mapping needs the CSV's columns first.
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkCsvPreviewResponse } from '@gs/contract/helperBulk';
import type { Search } from '@gs/contract/searches';
import type { HelperBulk } from '../../api/helperBulk';
import type { FieldSpec } from '../../lib/fieldSpec';
import { ColumnSelect } from './ColumnSelect';
import { CsvSource, type CsvSourceValue } from './CsvSource';
import { autoMap } from './autoMap';
import { isBulkEditable } from './bulkValidation';

export interface AdvancedState {
  type: 'csvupdate' | 'csvsearchupdate';
  csv: CsvSourceValue;
  preview: BulkCsvPreviewResponse | null;
  /** field id (0 archive ID, -1 DocID) → column */
  mapping: Record<number, number>;
  searchId: number | null;
  /** prompt id → column */
  searchMapping: Record<number, number>;
}

export interface AdvancedUpdateFormProps {
  helper: HelperBulk;
  fields: FieldSpec[];
  searches: Search[];
  overwriteSystem: boolean;
  value: AdvancedState;
  /** a state setter: updates arrive from async CSV loads, so they apply to the latest state */
  onChange: Dispatch<SetStateAction<AdvancedState>>;
}

export function AdvancedUpdateForm({
  helper,
  fields,
  searches,
  overwriteSystem,
  value,
  onChange,
}: AdvancedUpdateFormProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<AdvancedState>) => onChange((prev) => ({ ...prev, ...patch }));
  const search = searches.find((s) => s.Id === value.searchId) ?? null;
  const prompts = (search?.Detail ?? []).filter((p) => !/^\{.*\}$/.test(p.VAL));
  const targets: { id: number; name: string }[] = [
    ...(value.type === 'csvupdate'
      ? [
          { id: 0, name: t('bulk.mapping.archiveId') },
          { id: -1, name: t('bulk.mapping.docId') },
        ]
      : []),
    ...fields.filter((f) => isBulkEditable(f, overwriteSystem)).map((f) => ({ id: f.id, name: f.name })),
  ];

  return (
    <>
      <fieldset className="bulk-fieldset">
        <legend>{t('bulk.advanced.kind')}</legend>
        <label>
          <input
            type="radio"
            name="bulk-advanced-type"
            checked={value.type === 'csvupdate'}
            onChange={() => set({ type: 'csvupdate' })}
          />
          {t('bulk.advanced.csvupdate')}
        </label>
        <label>
          <input
            type="radio"
            name="bulk-advanced-type"
            checked={value.type === 'csvsearchupdate'}
            onChange={() => set({ type: 'csvsearchupdate' })}
          />
          {t('bulk.advanced.csvsearchupdate')}
        </label>
      </fieldset>
      <CsvSource
        helper={helper}
        value={value.csv}
        onChange={(csv) => set({ csv })}
        onLoaded={(preview) =>
          onChange((prev) => ({
            ...prev,
            preview,
            // a fresh CSV starts from the columns whose headers name a field
            mapping:
              preview && Object.keys(prev.mapping).length === 0
                ? autoMap(preview.Columns, targets)
                : prev.mapping,
          }))
        }
      />
      {value.type === 'csvsearchupdate' && (
        <fieldset className="bulk-fieldset">
          <legend>{t('bulk.advanced.search')}</legend>
          <select
            className="input"
            aria-label={t('bulk.advanced.search')}
            value={value.searchId ?? ''}
            onChange={(e) =>
              set({ searchId: e.target.value ? Number(e.target.value) : null, searchMapping: {} })
            }
          >
            <option value="">{t('bulk.advanced.chooseSearch')}</option>
            {searches.map((s) => (
              <option key={s.Id} value={s.Id}>
                {s.Name}
              </option>
            ))}
          </select>
          {value.preview &&
            prompts.map((p) => (
              <div key={p.ID} className="bulk-map-row">
                <span>{p.Prompt || p.Name}</span>
                <ColumnSelect
                  preview={value.preview!}
                  label={t('bulk.mapping.columnFor', { name: p.Prompt || p.Name })}
                  value={value.searchMapping[p.ID] ?? -1}
                  onChange={(c) => set({ searchMapping: { ...value.searchMapping, [p.ID]: c } })}
                />
              </div>
            ))}
          {search && prompts.length === 0 && <p className="hint">{t('bulk.advanced.noPrompts')}</p>}
        </fieldset>
      )}
      {value.preview ? (
        <fieldset className="bulk-fieldset" data-testid="bulk-mapping">
          <legend>{t('bulk.mapping.title')}</legend>
          {targets.map((target) => (
            <div key={target.id} className="bulk-map-row">
              <span>{target.name}</span>
              <ColumnSelect
                preview={value.preview!}
                label={t('bulk.mapping.columnFor', { name: target.name })}
                value={value.mapping[target.id] ?? -1}
                onChange={(c) => set({ mapping: { ...value.mapping, [target.id]: c } })}
              />
            </div>
          ))}
        </fieldset>
      ) : (
        <p className="hint">{t('bulk.mapping.loadFirst')}</p>
      )}
    </>
  );
}
