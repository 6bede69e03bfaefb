// The prompts of one search and its records per page (1 to 10000, else 10). Run is refused while
// an entry is invalid; dynamic lists follow their parents' entries.
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDefinition } from '@gs/contract/fields';
import { FieldCheckCode } from '@gs/contract/fieldChecks';
import { hasFlag, SearchSettings } from '@gs/contract/flags';
import { CONTENT_CRITERIA_KEY, CONTENT_CRITERIA_KEY_ALT, type Search } from '@gs/contract/searches';
import type { CriteriaValues } from '../../api/searches';
import { useFormatLocale } from '../../app/useFormatLocale';
import { dynamicParents, promptFieldSpec, type FieldSpec } from '../../lib/fieldSpec';
import { regexOfField } from '../../lib/characterMask';
import { GRID_PAGE_SIZE_DEFAULT, searchRecordsPerPage } from '../../lib/pageSize';
import { PromptField } from './PromptField';
import {
  buildCriteria,
  checkPromptValue,
  initialEntries,
  visiblePrompts,
  type PromptEntries,
} from './promptCriteria';

export interface SearchPromptFormProps {
  db: number;
  search: Search;
  fields: FieldDefinition[];
  criteria: CriteriaValues;
  recordsPerPage?: number;
  onRun: (criteria: CriteriaValues, recordsPerPage: number) => void;
  onCancel: () => void;
}

function specsOf(search: Search, fields: FieldDefinition[]): Map<number, FieldSpec> {
  const byId = new Map(fields.map((f) => [f.ID, f]));
  return new Map(
    visiblePrompts(search).map((p) => {
      const spec = promptFieldSpec(p);
      const field = byId.get(p.FID);
      return [p.ID, field ? { ...spec, size: field.Size ?? 0, regex: regexOfField(field.RegEx) } : spec];
    }),
  );
}

/** Content-search terms already in the criteria (either key the server reads). */
const contentTerms = (criteria: CriteriaValues): string =>
  [criteria[CONTENT_CRITERIA_KEY] ?? criteria[CONTENT_CRITERIA_KEY_ALT] ?? ''].flat().join(' ');

export function SearchPromptForm({
  db,
  search,
  fields,
  criteria,
  recordsPerPage,
  onRun,
  onCancel,
}: SearchPromptFormProps) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const prompts = useMemo(() => visiblePrompts(search), [search]);
  const specs = useMemo(() => specsOf(search, fields), [search, fields]);
  const [entries, setEntries] = useState<PromptEntries>(() =>
    initialEntries(prompts, specs, criteria, locale),
  );
  const [size, setSize] = useState(String(recordsPerPage ?? GRID_PAGE_SIZE_DEFAULT));
  const [showErrors, setShowErrors] = useState(false);
  const contentSearch = hasFlag(search.Settings, SearchSettings.ContentSearch);
  const [content, setContent] = useState(() => contentTerms(criteria));

  const valueOfField = (fieldId: number): string => {
    const parent = prompts.find((p) => p.FID === fieldId);
    return parent ? (entries[String(parent.ID)]?.[0] ?? '') : '';
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = prompts.some((p) => {
      const spec = specs.get(p.ID);
      return (
        spec &&
        (entries[String(p.ID)] ?? []).some(
          (v) => checkPromptValue(p, spec, v, locale).code !== FieldCheckCode.Valid,
        )
      );
    });
    if (invalid) {
      setShowErrors(true);
      return;
    }
    const rows = searchRecordsPerPage(size);
    setSize(String(rows));
    const built = buildCriteria(prompts, specs, entries, locale);
    if (contentSearch && content.trim()) built[CONTENT_CRITERIA_KEY] = content.trim();
    onRun(built, rows);
  };

  return (
    <form className="prompt-form" onSubmit={submit} noValidate>
      {prompts.length === 0 && !contentSearch && <p className="muted">{t('search.modal.noPrompts')}</p>}
      {contentSearch && (
        <div className="prompt-field">
          <label htmlFor="content-terms" className="prompt-field__label">
            {t('search.modal.content')}
          </label>
          <input
            id="content-terms"
            className="input"
            value={content}
            onChange={(event) => setContent(event.target.value)}
            aria-describedby="content-terms-hint"
          />
          <p id="content-terms-hint" className="field__hint">
            {t('search.modal.contentHint')}
          </p>
        </div>
      )}
      <div className="prompt-form__fields">
        {prompts.map((p) => {
          const spec = specs.get(p.ID);
          if (!spec) return null;
          const [first, second] = dynamicParents(spec);
          return (
            <PromptField
              key={p.ID}
              db={db}
              prompt={p}
              spec={spec}
              locale={locale}
              values={entries[String(p.ID)] ?? ['']}
              onChange={(values) => setEntries((current) => ({ ...current, [String(p.ID)]: values }))}
              parents={[first ? valueOfField(first) : '', second ? valueOfField(second) : '']}
              showErrors={showErrors}
            />
          );
        })}
      </div>
      <div className="prompt-form__size">
        <label htmlFor="records-per-page">{t('search.modal.recordsPerPage')}</label>
        <input
          id="records-per-page"
          className="input input--narrow"
          type="number"
          min={1}
          max={10000}
          step={1}
          value={size}
          onKeyDown={(event) => {
            if (['e', 'E', '+', '-', '.', ','].includes(event.key)) event.preventDefault();
          }}
          onChange={(event) => setSize(event.target.value)}
          onBlur={() => setSize(String(searchRecordsPerPage(size)))}
        />
      </div>
      <div className="modal__footer modal__footer--inline">
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button--primary">
          {t('search.modal.run')}
        </button>
      </div>
    </form>
  );
}
