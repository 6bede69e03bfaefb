// Export (wire §2.5 "Export (zip)", spec §7): POST `dbs/{db}/export?alwaysExportZip&field&auditEntry`
// with `[{Archive, Id, Hash}]` starts a job and answers its id (a JSON string); GET
// `dbs/{db}/export?jobid=` answers 202 `{Status, Processed, Total}` while it runs, then the zip of
// the documents' files (with `ExportWithCSV=true` also `index.csv` of their index data); a single
// document without alwaysExportZip comes back as its own file. Files are named after the value of
// `field` when given, else the document id. Needs Export (128) on every document's archive. With
// `WithAnnotations=true` a document that has annotations is exported as a PDF with them drawn on.
// POST `dbs/{db}/export/xlsx` with `{Documents: [{Archive, Id}], Fields?}` answers a real .xlsx of
// the documents' index data (Export Data, 64; never a read-only licence). Errors carry `Message`
// and the client's `Key` (ERROR_EXPORT_NO_RESULTS, ...). A job's result is answered once, then
// dropped; one never fetched, or failed, goes an hour after it ended (documents/services/exportJobs.ts).
// A document waiting for PDF conversion or inside a workflow is refused with 409 and the key
// ERROR_EXPORT_PDF_PENDING, ERROR_EXPORT_IN_WORKFLOW or (both) ERROR_EXPORT_PDF_WORKFLOW_PENDING.
// A document whose file is missing is not silently skipped: the zip lists it (exportMissing.ts), the
// 202 progress counts it (`Missing`), and a single document's export answers 404.
// This router parses and presents; the rules are documents/services/exportJobs.ts and exportDocuments.ts.
import { Router } from 'express';
import { z } from 'zod';
import { LicenseType } from '@gs/contract/flags';
import { BULK_ERROR_MESSAGES, BulkErrorKey, type BulkErrorKeyName } from '@gs/contract/helperBulk';
import type { RouteDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import { asSent, present, queryLookup, route, type Policy, type RouteContext } from '../../http/route';
import { parseId, readKey } from '../../lib/keys';
import { int32Value } from '../../lib/zodInput';
import type { ExportItem } from '../services/exportDocuments';
import { createExports, type Caller, type Exports } from '../services/exportJobs';
import { HISTORY_MESSAGE_MAX } from './audit';

const intOf = (obj: unknown, keys: string[]): number | undefined => {
  for (const key of keys) {
    const v = readKey(obj, key);
    const n = typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v;
    if (typeof n === 'number' && Number.isSafeInteger(n)) return n;
  }
  return undefined;
};

const keyed = (status: number, key: BulkErrorKeyName) =>
  new HttpError(status, { Message: BULK_ERROR_MESSAGES[key], Key: key });

/** `[{Archive, Id}]` or `{Documents: [...]}` in any casing; 400 with the client's key otherwise. */
function itemsOf(body: unknown): ExportItem[] {
  const items = Array.isArray(body) ? body : readKey(body, 'Documents');
  if (!Array.isArray(items) || items.length === 0) throw keyed(400, BulkErrorKey.ExportNoResults);
  return items.map((item: unknown) => {
    const archiveId = intOf(item, ['Archive', 'ArchiveID', 'ArchiveId']);
    const docId = intOf(item, ['Id', 'DocID', 'DocumentID']);
    if (archiveId === undefined || docId === undefined) throw keyed(400, BulkErrorKey.IncorrectParameters);
    return { archiveId, docId };
  });
}

const isTrue = (v: string | undefined): boolean => v?.toLowerCase() === 'true';

const params = z.object({ db: int32Value('db') });
/** A database the caller sees (404/403): its id. */
const seenDatabase: Policy<z.output<typeof params>, number> = ({ access }, p) => access.database(p.db).Id;
const spec = { params, query: queryLookup, body: asSent, policy: seenDatabase };

export function createExportRouter(deps: RouteDeps, exports: Exports = defaultExports(deps)): Router {
  const router = Router();

  const callerFor = ({ caller, access }: RouteContext): Caller => ({
    access,
    userId: caller.user.id,
    userName: caller.user.name,
    licenseType: caller.license?.type ?? caller.user.licenseType,
  });

  router.post(
    '/dbs/:db/export/xlsx',
    ...route(deps, spec, async (ctx, { body, granted: databaseId }) => {
      const caller = callerFor(ctx);
      // a read-only licence is refused before the body is read, as it was
      if (caller.licenseType === LicenseType.ReadOnly) throw keyed(403, BulkErrorKey.FailedDueToPermissions);
      const wanted = readKey(body, 'Fields');
      const only = Array.isArray(wanted) ? new Set(wanted.map(Number)) : undefined;
      const bytes = await exports.spreadsheet(caller, databaseId, itemsOf(body), only);
      return present((_req, res) => {
        res.set({
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="export.xlsx"',
        });
        res.send(bytes);
      });
    }),
  );

  router.post(
    '/dbs/:db/export',
    ...route(deps, spec, async (ctx, { query: q, body, granted: databaseId }) => {
      const field = q('field');
      const input = {
        databaseId,
        items: itemsOf(body),
        zip: isTrue(q('alwaysExportZip')),
        csv: isTrue(q('ExportWithCSV')),
        annotations: isTrue(q('WithAnnotations')),
        field: field === undefined ? undefined : parseId(field, 'field'),
        auditEntry: q('auditEntry') ?? 'Document Exported',
        auditEntryMax: HISTORY_MESSAGE_MAX,
      };
      return exports.start(callerFor(ctx), input);
    }),
  );

  router.get(
    '/dbs/:db/export',
    ...route(deps, spec, async ({ caller }, { query: q }) => {
      const id = q('jobid') ?? '';
      const result = await exports.result(id, caller.user.id);
      if (result.status === 'Running') {
        const { status, processed, total, missing } = result;
        return present(
          (_req, res) =>
            void res
              .status(202)
              .json({ Status: status, Processed: processed, Total: total, Missing: missing }),
        );
      }
      // the result, once: the job and the file made for it go after it has been sent
      return present((_req, res) => {
        res.set('Content-Disposition', `attachment; filename="${result.name}"`);
        res.type(result.contentType);
        res.sendFile(result.file, { dotfiles: 'allow' }, (err) => {
          if (err) {
            if (!res.headersSent) res.status(404).json({ Message: 'The export file is gone.' });
            return;
          }
          void exports.delivered(result.job);
        });
      });
    }),
  );
  return router;
}

const defaultExports = (deps: RouteDeps): Exports =>
  createExports({ repos: deps.repos, clock: deps.clock, dataDir: deps.files.dataDir });
