// Export (wire §2.5 "Export (zip)", spec §7): POST `dbs/{db}/export?alwaysExportZip&field&auditEntry`
// with `[{Archive, Id, Hash}]` starts a job and answers its id (a JSON string); GET
// `dbs/{db}/export?jobid=` answers 202 `{Status, Processed, Total}` while it runs, then the zip of
// the documents' files (with `ExportWithCSV=true` also `index.csv` of their index data); a single
// document without alwaysExportZip comes back as its own file. Files are named after the value of
// `field` when given, else the document id. Needs Export (128) on every document's archive. With
// `WithAnnotations=true` a document that has annotations is exported as a PDF with them drawn on.
// POST `dbs/{db}/export/xlsx` with `{Documents: [{Archive, Id}], Fields?}` answers a real .xlsx of
// the documents' index data (Export Data, 64; never a read-only licence). Errors carry `Message`
// and the client's `Key` (ERROR_EXPORT_NO_RESULTS, ...). A job's result is answered once, then dropped.
// A document waiting for PDF conversion or inside a workflow is refused with 409 and the key
// ERROR_EXPORT_PDF_PENDING, ERROR_EXPORT_IN_WORKFLOW or (both) ERROR_EXPORT_PDF_WORKFLOW_PENDING.
// A document whose file is missing is not silently skipped: the zip lists it (exportMissing.ts), the
// 202 progress counts it (`Missing`), and a single document's export answers 404.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Router, type Response } from 'express';
import { ZipArchive } from 'archiver';
import ExcelJS from 'exceljs';
import { ArchivePermission, LicenseType, hasFlag } from '@gs/contract/flags';
import { WorkflowState } from '@gs/contract/searches';
import { BULK_ERROR_MESSAGES, BulkErrorKey, type BulkErrorKeyName } from '@gs/contract/helperBulk';
import type { FieldDefinition } from '@gs/contract/fields';
import { accessOf, type RouteDeps } from '../deps';
import type { ArchiveRow } from '../db/archivesRepo';
import type { DocRow } from '../db/docQueryModel';
import { callerOf } from '../http/auth';
import { HttpError, badRequest, notFound } from '../http/errors';
import { intParam, query, queryInt, readKey } from '../http/query';
import type { UserAccess } from '../services/access';
import { annotatedFile } from '../services/annotationBurnIn';
import { storedFile } from '../services/documentOps';
import {
  MISSING_FILES_ENTRY,
  fileIsThere,
  missingFilesNote,
  type MissingDocument,
} from '../services/exportMissing';
import { toWireText } from '../services/fieldValues';
import { fieldRef } from '../services/search/conditions';
import { publicMessage } from '../services/serverPaths';
import { HISTORY_MESSAGE_MAX } from './audit';

const keyed = (status: number, key: BulkErrorKeyName): HttpError =>
  new HttpError(status, { Message: BULK_ERROR_MESSAGES[key], Key: key });

interface ExportDoc {
  archive: ArchiveRow;
  fields: FieldDefinition[];
  row: DocRow;
}

interface ExportJob {
  status: 'Running' | 'Completed' | 'Failed';
  processed: number;
  total: number;
  file: string;
  name: string;
  contentType: string;
  message: string;
  owner: number;
  /** documents left out because their file is missing (services/exportMissing.ts) */
  missing: number;
}

const safe = (name: string): string =>
  [...name]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .trim() || '_';

const csvCell = (v: string): string => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

const intOf = (obj: unknown, keys: string[]): number | undefined => {
  for (const key of keys) {
    const v = readKey(obj, key);
    const n = typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v;
    if (typeof n === 'number' && Number.isSafeInteger(n)) return n;
  }
  return undefined;
};

const wireValues = (d: ExportDoc, f: FieldDefinition): string =>
  d.row.multi.has(f.ID)
    ? (d.row.multi.get(f.ID) ?? []).join(', ')
    : toWireText(f.Type as 1 | 2 | 3 | 4, d.row.values.get(f.ID) ?? null);

export function createExportRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const router = Router();
  const jobs = new Map<string, ExportJob>();
  const dir = join(deps.files.dataDir, 'cache', 'export');

  /** The named documents, each viewable and carrying `bit`; 404/403 otherwise, 400 when none. */
  const documentsOf = (access: UserAccess, databaseId: number, items: unknown, bit: number): ExportDoc[] => {
    if (!Array.isArray(items) || items.length === 0) throw keyed(400, BulkErrorKey.ExportNoResults);
    const archives = new Map<number, { archive: ArchiveRow; fields: FieldDefinition[] }>();
    const docs = items.map((item): ExportDoc => {
      const archiveId = intOf(item, ['Archive', 'ArchiveID', 'ArchiveId']);
      const docId = intOf(item, ['Id', 'DocID', 'DocumentID']);
      if (archiveId === undefined || docId === undefined) throw keyed(400, BulkErrorKey.IncorrectParameters);
      let a = archives.get(archiveId);
      if (!a) {
        const archive = access.archive(databaseId, archiveId);
        if (!hasFlag(access.archivePermissions(archive), bit))
          throw keyed(403, BulkErrorKey.FailedDueToPermissions);
        a = { archive, fields: repos.archives.fields(archiveId) };
        archives.set(archiveId, a);
      }
      const columns = a.fields.map((f) => fieldRef(f.ID, f.Type, f.Prop));
      const row = repos.docSearch.rows.one(databaseId, archiveId, docId, columns);
      if (!row) throw notFound(`Document ${docId} was not found in archive ${archiveId}.`);
      return { ...a, row };
    });
    refuseBusy(databaseId, docs);
    return docs;
  };

  /** 409 with the client's key when a document waits for PDF conversion or is in a workflow (spec §8). */
  const refuseBusy = (databaseId: number, docs: ExportDoc[]): void => {
    const states = docs.map((d) => repos.docStates.statusOf(databaseId, d.row.id));
    const pdf = states.some((st) => st.pdfPending);
    const workflow = states.some((st) => st.workflowStatus !== WorkflowState.None);
    if (pdf && workflow) throw keyed(409, BulkErrorKey.ExportPdfWorkflowPending);
    if (pdf) throw keyed(409, BulkErrorKey.ExportPdfPending);
    if (workflow) throw keyed(409, BulkErrorKey.ExportInWorkflow);
  };

  const audit = (databaseId: number, docs: ExportDoc[], userName: string, message: string): void => {
    const now = deps.clock.now();
    for (const d of docs)
      repos.audit.add({
        databaseId,
        archiveId: d.archive.id,
        documentId: d.row.id,
        oldArchiveId: 0,
        oldDocId: 0,
        userName,
        category: 'exported',
        message,
        time: now,
        connectionString: '',
      });
  };

  const indexCsv = (docs: ExportDoc[], names: Map<ExportDoc, string>): string => {
    const columns = [...new Set(docs.flatMap((d) => d.fields.map((f) => f.Name)))];
    const lines = [['DocID', 'ArchiveID', 'FileName', ...columns].map(csvCell).join(',')];
    for (const d of docs) {
      const byName = new Map(d.fields.map((f) => [f.Name, wireValues(d, f)]));
      lines.push(
        [
          String(d.row.id),
          String(d.archive.id),
          names.get(d) ?? '',
          ...columns.map((n) => byName.get(n) ?? ''),
        ]
          .map(csvCell)
          .join(','),
      );
    }
    return `${lines.join('\r\n')}\r\n`;
  };

  /** The annotated PDF of a document with annotations, when asked for (annotationBurnIn.ts). */
  const annotatedOf = async (
    databaseId: number,
    d: ExportDoc,
    file: string | undefined,
    ext: string,
  ): Promise<Uint8Array | undefined> =>
    file
      ? annotatedFile(repos, { databaseId, docId: d.row.id }, file, ext).catch((error: unknown) => {
          // a missing file fails as it does without annotations
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
          throw error;
        })
      : undefined;

  async function runZip(
    job: ExportJob,
    docs: ExportDoc[],
    field: number | undefined,
    withCsv: boolean,
    annotationsOf?: (d: ExportDoc, file: string | undefined, ext: string) => Promise<Uint8Array | undefined>,
  ): Promise<void> {
    const zip = new ZipArchive({ zlib: { level: 6 } });
    const out = createWriteStream(job.file);
    const done = pipeline(zip, out);
    const used = new Set<string>();
    const names = new Map<ExportDoc, string>();
    const missing: MissingDocument[] = [];
    for (const d of docs) {
      const file = storedFile(deps.files.dataDir, d.row.filePath);
      if (!(await fileIsThere(file))) {
        missing.push({ id: d.row.id, archiveId: d.archive.id, archiveName: d.archive.name });
        job.missing = missing.length;
        job.processed++;
        continue;
      }
      const native = (d.row.fileType || extname(d.row.filePath)).toLowerCase();
      const annotated = annotationsOf ? await annotationsOf(d, file, native) : undefined;
      const ext = annotated ? '.pdf' : native;
      const named = field !== undefined ? d.fields.find((f) => f.ID === field) : undefined;
      const base = safe(named ? wireValues(d, named) || String(d.row.id) : String(d.row.id));
      let name = `${base}${ext}`;
      for (let i = 1; used.has(name.toLowerCase()); i++) name = `${base} (${i})${ext}`;
      used.add(name.toLowerCase());
      if (annotated) {
        zip.append(Buffer.from(annotated), { name });
        names.set(d, name);
      } else if (file) {
        zip.file(file, { name });
        names.set(d, name);
      }
      job.processed++;
    }
    if (withCsv) zip.append(indexCsv(docs, names), { name: 'index.csv' });
    if (missing.length) zip.append(missingFilesNote(missing), { name: MISSING_FILES_ENTRY });
    await zip.finalize();
    await done;
  }

  router.post('/dbs/:db/export/xlsx', deps.auth.requireAuth, async (req, res) => {
    const access = accessOf(deps, res);
    const databaseId = access.database(intParam(req, 'db')).Id;
    const caller = callerOf(res);
    if ((caller.license?.type ?? caller.user.licenseType) === LicenseType.ReadOnly)
      throw keyed(403, BulkErrorKey.FailedDueToPermissions);
    const body: unknown = req.body;
    const items = Array.isArray(body) ? body : readKey(body, 'Documents');
    const docs = documentsOf(access, databaseId, items, ArchivePermission.ExportData);
    const wanted = readKey(body, 'Fields');
    const only = Array.isArray(wanted) ? new Set(wanted.map(Number)) : undefined;
    const fields: FieldDefinition[] = [];
    for (const d of docs)
      for (const f of d.fields)
        if ((!only || only.has(f.ID)) && !fields.some((x) => x.ID === f.ID)) fields.push(f);
    const book = new ExcelJS.Workbook();
    book.creator = 'GlobalSearch';
    const sheet = book.addWorksheet('Export');
    sheet.addRow(['DocID', 'Archive', ...fields.map((f) => f.Name)]).font = { bold: true };
    for (const d of docs)
      sheet.addRow([
        d.row.id,
        d.archive.name,
        ...fields.map((f) => (d.fields.some((x) => x.ID === f.ID) ? wireValues(d, f) : '')),
      ]);
    audit(databaseId, docs, caller.user.name, 'Document exported to spreadsheet');
    const bytes = await book.xlsx.writeBuffer();
    res.set({
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': 'attachment; filename="export.xlsx"',
    });
    res.send(Buffer.from(bytes as ArrayBuffer));
  });

  router.post('/dbs/:db/export', deps.auth.requireAuth, async (req, res) => {
    const access = accessOf(deps, res);
    const databaseId = access.database(intParam(req, 'db')).Id;
    const body: unknown = req.body;
    const items = Array.isArray(body) ? body : readKey(body, 'Documents');
    const docs = documentsOf(access, databaseId, items, ArchivePermission.ExportDocuments);
    const zipAlways = query(req, 'alwaysExportZip')?.toLowerCase() === 'true';
    const withCsv = query(req, 'ExportWithCSV')?.toLowerCase() === 'true';
    // WithAnnotations=true: annotated documents are exported as PDFs with their annotations drawn on
    const withAnnotations = query(req, 'WithAnnotations')?.toLowerCase() === 'true';
    const field = queryInt(req, 'field');
    const entry = query(req, 'auditEntry') ?? 'Document Exported';
    if (entry.length > HISTORY_MESSAGE_MAX)
      throw badRequest(`The auditEntry may have at most ${HISTORY_MESSAGE_MAX} characters.`);
    const caller = callerOf(res);
    await mkdir(dir, { recursive: true });
    const id = randomUUID();
    const single = docs.length === 1 && !zipAlways && !withCsv ? docs[0] : undefined;
    const job: ExportJob = {
      status: 'Running',
      processed: 0,
      total: docs.length,
      file: join(dir, `${id}.zip`),
      name: 'export.zip',
      contentType: 'application/zip',
      message: '',
      owner: caller.user.id,
      missing: 0,
    };
    if (single) {
      const file = storedFile(deps.files.dataDir, single.row.filePath);
      if (!file) throw keyed(400, BulkErrorKey.ExportNoResults);
      if (!(await fileIsThere(file))) throw notFound(`The file of document ${single.row.id} was not found.`);
      const native = (single.row.fileType || extname(single.row.filePath)).toLowerCase();
      const annotated = withAnnotations ? await annotatedOf(databaseId, single, file, native) : undefined;
      if (annotated) await writeFile(join(dir, `${id}.pdf`), annotated);
      Object.assign(job, {
        status: 'Completed',
        processed: 1,
        file: annotated ? join(dir, `${id}.pdf`) : file,
        name: `${single.row.id}${annotated ? '.pdf' : single.row.fileType}`,
        contentType: annotated ? 'application/pdf' : 'application/octet-stream',
      });
    } else {
      const annotations = withAnnotations
        ? (d: ExportDoc, file: string | undefined, ext: string) => annotatedOf(databaseId, d, file, ext)
        : undefined;
      runZip(job, docs, field, withCsv, annotations).then(
        () => {
          job.status = 'Completed';
        },
        (err: unknown) => {
          job.status = 'Failed';
          job.message = publicMessage(err, deps.files.dataDir);
        },
      );
    }
    jobs.set(id, job);
    // history only for the documents whose files are there to export
    const present = await Promise.all(
      docs.map((d) => fileIsThere(storedFile(deps.files.dataDir, d.row.filePath))),
    );
    audit(
      databaseId,
      docs.filter((_d, i) => present[i]),
      caller.user.name,
      entry,
    );
    res.json(id);
  });

  /** The result, once: a zip made for the job is removed after it has been sent. */
  const send = (res: Response, id: string, job: ExportJob): void => {
    res.set('Content-Disposition', `attachment; filename="${job.name}"`);
    res.type(job.contentType);
    res.sendFile(job.file, { dotfiles: 'allow' }, (err) => {
      if (err) {
        if (!res.headersSent) res.status(404).json({ Message: 'The export file is gone.' });
        return;
      }
      jobs.delete(id);
      if (job.file.startsWith(dir)) void rm(job.file, { force: true });
    });
  };

  router.get('/dbs/:db/export', deps.auth.requireAuth, (req, res) => {
    accessOf(deps, res).database(intParam(req, 'db'));
    const id = query(req, 'jobid') ?? '';
    const job = jobs.get(id);
    if (!job || job.owner !== callerOf(res).user.id) throw notFound(`Export job '${id}' was not found.`);
    if (job.status === 'Running') {
      res
        .status(202)
        .json({ Status: job.status, Processed: job.processed, Total: job.total, Missing: job.missing });
      return;
    }
    if (job.status === 'Failed') throw new HttpError(500, { Message: job.message });
    send(res, id, job);
  });
  return router;
}
