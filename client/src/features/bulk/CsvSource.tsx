// Where a CSV comes from and how to read it (spec §3 option object): a file picked in the browser
// (uploaded into the helper's data folder) or a path typed inside it, the field and string
// delimiters (comma and double quote by default), whether the first row holds headers, the error
// log path, and "Load CSV fields", which asks the helper for the columns and the first rows.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkCsvPreviewResponse } from '@gs/contract/helperBulk';
import type { HelperBulk } from '../../api/helperBulk';
import { bulkErrorText } from './bulkMessages';
import { useHelperTrustHint } from '../capture/useHelperTrustHint';
import { delimiterErrors, isValidCsvPath, type CsvSettings } from './bulkValidation';

export interface CsvSourceValue extends CsvSettings {
  headersIncluded: boolean;
}

export interface CsvSourceProps {
  helper: HelperBulk;
  value: CsvSourceValue;
  onChange: (value: CsvSourceValue) => void;
  onLoaded: (preview: BulkCsvPreviewResponse | null) => void;
}

export function CsvSource({ helper, value, onChange, onLoaded }: CsvSourceProps) {
  const { t, i18n } = useTranslation();
  const trustHint = useHelperTrustHint('io');
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<CsvSourceValue>) => {
    onChange({ ...value, ...patch });
    // the columns change with the file, the delimiters and the header row: load them again
    if (
      'csvPath' in patch ||
      'fieldDelimiter' in patch ||
      'stringDelimiter' in patch ||
      'headersIncluded' in patch
    )
      onLoaded(null);
  };

  async function load(next: CsvSourceValue) {
    if (!isValidCsvPath(next.csvPath) || delimiterErrors(next.fieldDelimiter, next.stringDelimiter).length) {
      setProblem(t('bulk.csv.checkSettings'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      onLoaded(
        await helper.csvPreview({
          csvPath: next.csvPath,
          fieldDelimiter: next.fieldDelimiter,
          stringDelimiter: next.stringDelimiter,
          HeadersIncluded: next.headersIncluded,
        }),
      );
    } catch (error) {
      setProblem(bulkErrorText(t, i18n, error, trustHint));
    } finally {
      setBusy(false);
    }
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      const stored = await helper.upload(file);
      const next = { ...value, csvPath: stored.Path };
      onChange(next);
      setBusy(false);
      await load(next);
    } catch (error) {
      setProblem(bulkErrorText(t, i18n, error, trustHint));
      setBusy(false);
    }
  }

  return (
    <fieldset className="bulk-fieldset" data-testid="csv-source">
      <legend>{t('bulk.csv.title')}</legend>
      <label className="bulk-row">
        <span>{t('bulk.csv.pick')}</span>
        <input
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={(e) => void upload(e.target.files?.[0])}
        />
      </label>
      <label className="bulk-row" htmlFor={`${id}-path`}>
        <span>{t('bulk.csv.path')}</span>
      </label>
      <input
        id={`${id}-path`}
        className="input"
        value={value.csvPath}
        placeholder="uploads\update.csv"
        onChange={(e) => set({ csvPath: e.target.value })}
      />
      <div className="bulk-inline">
        <label>
          {t('bulk.csv.fieldDelimiter')}
          <input
            className="input bulk-narrow"
            value={value.fieldDelimiter}
            onChange={(e) => set({ fieldDelimiter: e.target.value })}
          />
        </label>
        <label>
          {t('bulk.csv.stringDelimiter')}
          <input
            className="input bulk-narrow"
            value={value.stringDelimiter}
            onChange={(e) => set({ stringDelimiter: e.target.value })}
          />
        </label>
        <label>
          <input
            type="checkbox"
            checked={value.headersIncluded}
            onChange={(e) => set({ headersIncluded: e.target.checked })}
          />
          {t('bulk.csv.headers')}
        </label>
      </div>
      <button type="button" className="button button--small" disabled={busy} onClick={() => void load(value)}>
        {t('bulk.csv.load')}
      </button>
      <label className="bulk-row" htmlFor={`${id}-errors`}>
        <span>{t('bulk.csv.errorPath')}</span>
      </label>
      <input
        id={`${id}-errors`}
        className="input"
        value={value.errorPath}
        onChange={(e) => onChange({ ...value, errorPath: e.target.value })}
      />
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
