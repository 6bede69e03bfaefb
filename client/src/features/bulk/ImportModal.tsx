// The import utility (archive option 'import data and documents', spec §2, §5): a CSV of index
// data (picked or typed), the documents' files (a path column, optionally inside an uploaded zip),
// the field mapping, OverwriteSystem and UseString, then the helper's import job with its progress
// and error log. Refused without the archive's Add right or with a read-only licence.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { Archive } from '@gs/contract/archives';
import {
  BULK_DEFAULT_FIELD_DELIMITER,
  BULK_DEFAULT_STRING_DELIMITER,
  type BulkCsvPreviewResponse,
  type FieldMapping,
} from '@gs/contract/helperBulk';
import { getArchiveFields } from '../../api/archives';
import { useApiQuery } from '../../api/useApiQuery';
import { Modal } from '../../components/Modal';
import { fieldSpecOf } from '../../lib/fieldSpec';
import { sessionAtom } from '../../state/session';
import { useHelperTrustHint } from '../capture/useHelperTrustHint';
import { canImportInto } from '../capture/ArchiveOptions';
import { defaultErrorPath } from './BulkUpdateSettings';
import { bulkErrorText, translateKey } from './bulkMessages';
import { autoMap, fileColumnOf } from './autoMap';
import { importErrors, isImportFieldDisabled } from './bulkValidation';
import { BulkOptionsFields, type BulkOptionValues } from './BulkOptionsFields';
import { CsvSource, type CsvSourceValue } from './CsvSource';
import { ImportFiles } from './ImportFiles';
import { JobProgressBar, JobSummary, progressOf } from './JobProgress';
import { useHelperBulk, useHelperJob } from './useHelperJob';
import './bulk.css';

export interface ImportModalProps {
  db: number;
  archive: Archive;
  onClose: () => void;
  pollMs?: number;
}

export function ImportModal({ db, archive, onClose, pollMs }: ImportModalProps) {
  const { t, i18n } = useTranslation();
  const trustHint = useHelperTrustHint('io');
  const licenseType = useAtomValue(sessionAtom)?.licenseType;
  const helper = useHelperBulk();
  const job = useHelperJob(helper, pollMs);
  const [fieldsState] = useApiQuery(`import-fields:${db}:${archive.Id}`, (http) =>
    getArchiveFields(http, db, archive.Id),
  );
  const fields = fieldsState.status === 'success' ? fieldsState.data.map(fieldSpecOf) : [];
  const [csv, setCsv] = useState<CsvSourceValue>({
    csvPath: '',
    errorPath: defaultErrorPath('import'),
    fieldDelimiter: BULK_DEFAULT_FIELD_DELIMITER,
    stringDelimiter: BULK_DEFAULT_STRING_DELIMITER,
    headersIncluded: true,
  });
  const [preview, setPreview] = useState<BulkCsvPreviewResponse | null>(null);
  const [fileColumn, setFileColumn] = useState(-1);
  const [zipPath, setZipPath] = useState('');
  const [mapping, setMapping] = useState<FieldMapping[]>([]);
  const [options, setOptions] = useState<BulkOptionValues>({ overwriteSystem: false, useString: false });
  const { overwriteSystem, useString } = options;
  const [problems, setProblems] = useState<string[]>([]);

  // a fresh CSV starts from the columns whose headers name the file or a field
  const loaded = (next: BulkCsvPreviewResponse | null) => {
    setPreview(next);
    if (!next || mapping.length > 0) return;
    if (fileColumn < 0) setFileColumn(fileColumnOf(next.Columns));
    const open = fields.filter((f) => !isImportFieldDisabled(f, overwriteSystem));
    setMapping(
      Object.entries(autoMap(next.Columns, open)).map(([id, column]) => ({
        FieldID: Number(id),
        RowID: column,
        Checked: true,
      })),
    );
  };

  if (!canImportInto(archive, licenseType))
    return (
      <Modal title={t('bulk.import.title')} onClose={onClose} size="small" testId="import-utility">
        <p role="alert">{t('ERROR_FAILED_DUE_TO_PERMISSIONS')}</p>
      </Modal>
    );

  async function start() {
    const errors = importErrors(
      { ...csv, fileColumn, mapping, overwriteSystem, firstRow: preview?.Rows[0] ?? [] },
      fields,
    );
    if (!preview && !errors.length) errors.push('bulk.mapping.loadFirst');
    setProblems(errors.map((k) => translateKey(t, i18n, k)));
    if (errors.length) return;
    const outcome = await job.run(() =>
      helper.importData({
        Database: db,
        Archive: archive.Id,
        csvPath: csv.csvPath.trim(),
        errorPath: csv.errorPath.trim(),
        fieldDelimiter: csv.fieldDelimiter,
        stringDelimiter: csv.stringDelimiter,
        HeadersIncluded: csv.headersIncluded,
        OverwriteSystem: overwriteSystem,
        UseString: useString,
        FieldMapping: mapping.filter((m) => m.Checked && m.RowID >= 0),
        FilePathColumn: fileColumn,
        ZipPath: zipPath.trim() || undefined,
      }),
    );
    if (!outcome.ok) setProblems([bulkErrorText(t, i18n, outcome.error, trustHint)]);
  }

  const state = job.state;
  return (
    <Modal title={t('bulk.import.title')} onClose={onClose} size="large" testId="import-utility">
      <p className="hint">{t('bulk.import.into', { name: archive.Name })}</p>
      {state.phase === 'idle' || state.phase === 'error' ? (
        <>
          <CsvSource helper={helper} value={csv} onChange={setCsv} onLoaded={loaded} />
          {preview && (
            <ImportFiles
              helper={helper}
              preview={preview}
              fields={fields}
              overwriteSystem={options.overwriteSystem}
              fileColumn={fileColumn}
              onFileColumn={setFileColumn}
              zipPath={zipPath}
              onZipPath={setZipPath}
              onUploadError={(err) => setProblems([bulkErrorText(t, i18n, err, trustHint)])}
              mapping={mapping}
              onMapping={setMapping}
            />
          )}
          <BulkOptionsFields value={options} onChange={setOptions} />
          {problems.length > 0 && (
            <ul className="bulk-errors" role="alert" data-testid="import-errors">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
          <div className="modal__footer modal__footer--inline">
            <button type="button" className="button" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button type="button" className="button button--primary" onClick={() => void start()}>
              {t('bulk.import.start')}
            </button>
          </div>
        </>
      ) : state.phase === 'running' ? (
        <JobProgressBar {...progressOf(state)} label={t('bulk.import.running')} />
      ) : (
        <>
          <JobSummary status={state.status} helper={helper} />
          <div className="modal__footer modal__footer--inline">
            <button type="button" className="button button--primary" onClick={onClose}>
              {t('common.close')}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
