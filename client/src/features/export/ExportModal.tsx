// Exports of the results page (spec §2 modals, §7): to a spreadsheet (.xlsx of the chosen fields,
// permission 64), to a zip of the documents (`POST dbs/{db}/export`, then the job polled until the
// zip is ready, permission 128), or through the helper's export utility into a folder. They cover
// the checked documents, or the whole search when none is checked. A finished spreadsheet or zip
// becomes an export link note (type 1) in the notifications menu.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { BULK_POLL_INTERVAL_MS } from '@gs/contract/helperBulk';
import { Modal } from '../../components/Modal';
import type { FieldSpec } from '../../lib/fieldSpec';
import { JobProgressBar, JobSummary, progressOf } from '../bulk/JobProgress';
import { ExportFieldSelection } from './ExportFieldSelection';
import { exportUtilityDefaultsAtom } from './exportDefaults';
import type { ExportScope } from './exportDocuments';
import { ExportUtilitySettings, type ExportUtilityValue } from './ExportUtilitySettings';
import { useExportRun, type ExportKind } from './useExportRun';

export type { ExportKind } from './useExportRun';

export interface ExportModalProps {
  kind: ExportKind;
  scope: ExportScope;
  fields: FieldSpec[];
  onClose: () => void;
  pollMs?: number;
}

export function ExportModal({
  kind,
  scope,
  fields,
  onClose,
  pollMs = BULK_POLL_INTERVAL_MS,
}: ExportModalProps) {
  const { t } = useTranslation();
  const { helper, job, phase, problems, start } = useExportRun(kind, scope, fields, pollMs);
  const [fieldIds, setFieldIds] = useState(() => fields.map((f) => f.id));
  const defaults = useAtomValue(exportUtilityDefaultsAtom);
  const [utility, setUtility] = useState<ExportUtilityValue>(defaults);

  const title = {
    spreadsheet: t('export.spreadsheet'),
    zip: t('export.zip'),
    utility: t('export.utility.title'),
  }[kind];
  const scopeText = scope.checked.length
    ? t('export.scopeChecked', { count: scope.checked.length })
    : t('export.scopeSearch');
  const utilityDone = kind === 'utility' && job.state.phase === 'done' ? job.state.status : null;

  return (
    <Modal title={title} onClose={onClose} size="large" testId="export-modal">
      <p>{scopeText}</p>
      {phase.name === 'setup' && !utilityDone && (
        <>
          {kind === 'utility' && <ExportUtilitySettings value={utility} onChange={setUtility} />}
          {(kind === 'spreadsheet' || (kind === 'utility' && utility.ExportWithMappedFields)) && (
            <ExportFieldSelection
              db={scope.db}
              archive={scope.archive}
              fields={fields}
              helper={helper}
              value={fieldIds}
              onChange={setFieldIds}
            />
          )}
        </>
      )}
      {problems.length > 0 && (
        <ul className="bulk-errors" role="alert" data-testid="export-errors">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {phase.name === 'working' && (
        <JobProgressBar
          {...(kind === 'utility' ? progressOf(job.state) : { done: phase.done, total: phase.total })}
          label={t('export.working')}
        />
      )}
      {phase.name === 'ready' && (
        <p data-testid="export-ready">
          {t('export.ready')}{' '}
          <a className="button button--primary" href={phase.href} download={phase.file}>
            {t('export.download', { file: phase.file })}
          </a>
        </p>
      )}
      {utilityDone && (
        <>
          <JobSummary status={utilityDone} helper={helper} />
          {utilityDone.OutputPath && (
            <p>
              {t('export.utility.writtenTo')}{' '}
              <code data-testid="export-output">{utilityDone.OutputPath}</code>
            </p>
          )}
        </>
      )}
      <div className="modal__footer modal__footer--inline">
        <button type="button" className="button" onClick={onClose}>
          {t('common.close')}
        </button>
        {phase.name === 'setup' && !utilityDone && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => void start({ fieldIds, utility })}
          >
            {t('export.start')}
          </button>
        )}
      </div>
    </Modal>
  );
}
