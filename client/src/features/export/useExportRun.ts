// Runs one export of the results page: finds the documents (checked, or the whole search), stops
// with the reason when there are none or one waits for PDF conversion or is inside a workflow
// (ERROR_EXPORT_PDF_PENDING, ERROR_EXPORT_IN_WORKFLOW, both: ERROR_EXPORT_PDF_WORKFLOW_PENDING),
// then makes the spreadsheet, the zip (polling its job) or the helper's export-utility job. A
// finished spreadsheet or zip gets a download link and an export link note (type 1) in the
// notifications menu.
import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { exportSpreadsheet, pollZipExport, startZipExport, zipExportUrl } from '../../api/helperBulk';
import type { FieldSpec } from '../../lib/fieldSpec';
import { httpAtom } from '../../state/environment';
import { addNoteAtom, NoteType } from '../../state/notes';
import { sessionAtom } from '../../state/session';
import { bulkErrorText, translateKey } from '../bulk/bulkMessages';
import { useHelperTrustHint } from '../capture/useHelperTrustHint';
import { exportBlocker, exportSettingsErrors } from '../bulk/bulkValidation';
import { useHelperBulk, useHelperJob } from '../bulk/useHelperJob';
import { exportDocuments, type ExportScope, type ExportSelection } from './exportDocuments';
import type { ExportUtilityValue } from './ExportUtilitySettings';

export type ExportKind = 'spreadsheet' | 'zip' | 'utility';

export type ExportPhase =
  | { name: 'setup' }
  | { name: 'working'; done: number; total: number }
  | { name: 'ready'; href: string; file: string };

export interface ExportChoices {
  fieldIds: number[];
  utility: ExportUtilityValue;
}

export function useExportRun(kind: ExportKind, scope: ExportScope, fields: FieldSpec[], pollMs: number) {
  const { t, i18n } = useTranslation();
  const trustHint = useHelperTrustHint('io');
  const http = useAtomValue(httpAtom);
  const token = useAtomValue(sessionAtom)?.token ?? '';
  const addNote = useSetAtom(addNoteAtom);
  const helper = useHelperBulk();
  const job = useHelperJob(helper, pollMs);
  const [phase, setPhase] = useState<ExportPhase>({ name: 'setup' });
  const [problems, setProblems] = useState<string[]>([]);

  const finish = (href: string, file: string, count: number, noteHref = href) => {
    setPhase({ name: 'ready', href, file });
    addNote({ type: NoteType.ExportLink, text: t('export.note', { count, file }), href: noteHref });
  };

  async function runUtility(docs: ExportSelection['docs'], choices: ExportChoices) {
    // the helper reads the mapped fields from the profile of this database and archive
    if (choices.utility.ExportWithCSV && choices.utility.ExportWithMappedFields)
      await helper.saveExportProfile({
        DatabaseID: scope.db,
        ArchiveID: scope.archive,
        FieldIDs: choices.fieldIds,
      });
    const outcome = await job.run(() =>
      helper.exportFiles({
        ...choices.utility,
        Database: scope.db,
        Docs: docs.map((d) => ({ ArchiveID: d.Archive, DocID: d.Id, Hash: d.Hash })),
      }),
    );
    if (!outcome.ok) throw outcome.error;
    setPhase({ name: 'setup' });
  }

  async function start(choices: ExportChoices) {
    if (kind === 'utility') {
      const errors = exportSettingsErrors({ ...choices.utility, fieldNames: fields.map((f) => f.name) });
      setProblems(errors.map((k) => translateKey(t, i18n, k)));
      if (errors.length) return;
    }
    setProblems([]);
    setPhase({ name: 'working', done: 0, total: 0 });
    try {
      const { docs, pdfPending, inWorkflow } = await exportDocuments(http, scope);
      const blocked = exportBlocker({ count: docs.length, pdfPending, inWorkflow });
      if (blocked) throw new Error(blocked);
      if (kind === 'utility') return await runUtility(docs, choices);
      if (kind === 'spreadsheet') {
        const blob = await exportSpreadsheet(http, scope.db, docs, choices.fieldIds);
        return finish(URL.createObjectURL(blob), 'export.xlsx', docs.length);
      }
      const jobId = await startZipExport(http, scope.db, docs);
      const blob = await pollZipExport(http, scope.db, jobId, pollMs, (done, total) =>
        setPhase({ name: 'working', done, total }),
      );
      finish(
        URL.createObjectURL(blob),
        'export.zip',
        docs.length,
        zipExportUrl(http, scope.db, jobId, token),
      );
    } catch (error) {
      setProblems([
        // a key the export's own steps threw; the server's and the helper's words go to bulkErrorText
        // eslint-disable-next-line no-restricted-syntax -- an i18n key, checked to exist
        error instanceof Error && i18n.exists(error.message)
          ? // eslint-disable-next-line no-restricted-syntax -- the same key
            translateKey(t, i18n, error.message)
          : bulkErrorText(t, i18n, error, trustHint),
      ]);
      setPhase({ name: 'setup' });
    }
  }

  return { helper, job, phase, problems, start };
}
