// Export jobs (documents/routes/export.ts, wire §2.5): a zip of the documents' files (index.csv, the missing
// files' note, annotated PDFs in place of annotated documents) written in the background, or one
// document's own file at once. The jobs live in the job registry (decision 061): only the user who
// started one reads it; its result is answered once and then dropped, and a job nobody fetched, or
// one that failed, is dropped with its file an hour (`ttlMs`) after it ended. The folder
// `cache/export` is emptied when the server starts.
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipArchive } from 'archiver';
import { ArchivePermission, LicenseType } from '@gs/contract/flags';
import { BulkErrorKey } from '@gs/contract/helperBulk';
import { JOB_TTL_MS, JobRegistry, type Job } from '@gs/simulator-shared/jobRegistry';
import type { Clock } from '../../clock';
import type { Repos } from '../../db/repos';
import type { UserAccess } from '../../security/services/access';
import { annotatedFile } from '../../viewer/services/annotationBurnIn';
import { storedFile } from './documentOps';
import {
  auditExport,
  exportDocuments,
  indexCsv,
  keyedError,
  spreadsheet,
  wireValues,
  type ExportDoc,
  type ExportItem,
} from './exportDocuments';
import { MISSING_FILES_ENTRY, fileIsThere, missingFilesNote, type MissingDocument } from './exportMissing';
import { publicMessage } from '../../files/services/serverPaths';
import { badRequest, failed, notFound } from '../../domain/errors';

interface ExportState {
  status: 'Running' | 'Completed' | 'Failed';
  processed: number;
  total: number;
  /** the result: a file of the job's folder, or a single document's stored file */
  file: string;
  name: string;
  contentType: string;
  message: string;
  /** documents left out because their file is missing (exportMissing.ts) */
  missing: number;
}

export interface Caller {
  access: UserAccess;
  userId: number;
  userName: string;
  licenseType: number;
}

export interface StartExport {
  databaseId: number;
  items: ExportItem[];
  /** a zip even for a single document (alwaysExportZip) */
  zip: boolean;
  /** index.csv in the zip (ExportWithCSV) */
  csv: boolean;
  /** annotated documents as PDFs with their annotations drawn on (WithAnnotations) */
  annotations: boolean;
  /** the field whose value names the files; the document id otherwise */
  field?: number;
  /** the history line written per exported document */
  auditEntry: string;
  /** the longest history line allowed */
  auditEntryMax: number;
}

export type ExportResult =
  | { status: 'Running'; processed: number; total: number; missing: number }
  | { status: 'Completed'; file: string; name: string; contentType: string; job: Job<ExportState> };

const safe = (name: string): string =>
  [...name]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .trim() || '_';

export interface ExportsOptions {
  repos: Repos;
  clock: Clock;
  dataDir: string;
  /** how long an ended job stays (default an hour) */
  ttlMs?: number;
}

export function createExports({ repos, clock, dataDir, ttlMs = JOB_TTL_MS }: ExportsOptions) {
  const jobs = new JobRegistry<ExportState>({
    dir: join(dataDir, 'cache', 'export'),
    ttlMs,
    now: () => clock.now(),
  });

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

  async function writeZip(job: Job<ExportState>, docs: ExportDoc[], input: StartExport): Promise<void> {
    const state = job.state;
    const zip = new ZipArchive({ zlib: { level: 6 } });
    const done = pipeline(zip, createWriteStream(state.file));
    const used = new Set<string>();
    const names = new Map<ExportDoc, string>();
    const missing: MissingDocument[] = [];
    for (const d of docs) {
      const file = storedFile(dataDir, d.row.filePath);
      if (!(await fileIsThere(file))) {
        missing.push({ id: d.row.id, archiveId: d.archive.id, archiveName: d.archive.name });
        state.missing = missing.length;
        state.processed++;
        continue;
      }
      const native = (d.row.fileType || extname(d.row.filePath)).toLowerCase();
      const annotated = input.annotations ? await annotatedOf(input.databaseId, d, file, native) : undefined;
      const ext = annotated ? '.pdf' : native;
      const named = input.field !== undefined ? d.fields.find((f) => f.ID === input.field) : undefined;
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
      state.processed++;
    }
    if (input.csv) zip.append(indexCsv(docs, names), { name: 'index.csv' });
    if (missing.length) zip.append(missingFilesNote(missing), { name: MISSING_FILES_ENTRY });
    // both at once: when a file goes away while the zip reads it, finalize() and the pipeline both
    // reject, and a pipeline nobody awaits yet would be an unhandled rejection that ends the process
    await Promise.all([zip.finalize(), done]);
  }

  /** One document's own file (or its annotated PDF), ready at once. */
  async function single(job: Job<ExportState>, d: ExportDoc, input: StartExport): Promise<void> {
    const file = storedFile(dataDir, d.row.filePath);
    if (!file) throw keyedError('invalid', BulkErrorKey.ExportNoResults);
    if (!(await fileIsThere(file))) throw notFound(`The file of document ${d.row.id} was not found.`);
    const native = (d.row.fileType || extname(d.row.filePath)).toLowerCase();
    const annotated = input.annotations ? await annotatedOf(input.databaseId, d, file, native) : undefined;
    const pdf = annotated ? jobs.file(job, `${job.id}.pdf`) : undefined;
    if (pdf && annotated) await writeFile(pdf, annotated);
    Object.assign(job.state, {
      status: 'Completed',
      processed: 1,
      file: pdf ?? file,
      name: `${d.row.id}${annotated ? '.pdf' : d.row.fileType}`,
      contentType: annotated ? 'application/pdf' : 'application/octet-stream',
    });
    jobs.end(job);
  }

  return {
    /** Start exporting the documents; the job's id. The history names only documents whose file is there. */
    async start(caller: Caller, input: StartExport): Promise<string> {
      const docs = exportDocuments(
        repos,
        caller.access,
        input.databaseId,
        input.items,
        ArchivePermission.ExportDocuments,
      );
      if (input.auditEntry.length > input.auditEntryMax)
        throw badRequest(`The auditEntry may have at most ${input.auditEntryMax} characters.`);
      const job = await jobs.create(caller.userId, () => ({
        status: 'Running',
        processed: 0,
        total: docs.length,
        file: '',
        name: 'export.zip',
        contentType: 'application/zip',
        message: '',
        missing: 0,
      }));
      const only = docs.length === 1 && !input.zip && !input.csv ? docs[0] : undefined;
      if (only) {
        await single(job, only, input).catch(async (error: unknown) => {
          await jobs.remove(job);
          throw error;
        });
      } else {
        job.state.file = jobs.file(job, `${job.id}.zip`);
        writeZip(job, docs, input).then(
          () => {
            job.state.status = 'Completed';
            jobs.end(job);
          },
          (err: unknown) => {
            job.state.status = 'Failed';
            job.state.message = publicMessage(err, dataDir);
            jobs.end(job);
          },
        );
      }
      const present = await Promise.all(docs.map((d) => fileIsThere(storedFile(dataDir, d.row.filePath))));
      auditExport(
        repos,
        input.databaseId,
        docs.filter((_d, i) => present[i]),
        caller.userName,
        input.auditEntry,
        clock.now(),
      );
      return job.id;
    },

    /** The job's progress or its result; a notFound DomainError for another user's job or an expired one. */
    async result(id: string, userId: number): Promise<ExportResult> {
      await jobs.expire();
      const job = jobs.get(id, userId);
      if (!job) throw notFound(`Export job '${id}' was not found.`);
      const s = job.state;
      if (s.status === 'Running')
        return { status: 'Running', processed: s.processed, total: s.total, missing: s.missing };
      if (s.status === 'Failed') throw failed(s.message);
      return { status: 'Completed', file: s.file, name: s.name, contentType: s.contentType, job };
    },

    /** The result was sent: the job goes, with the file made for it. */
    delivered: (job: Job<ExportState>): Promise<void> => jobs.remove(job),

    /** The .xlsx of the documents' index data (Export Data, 64; never a read-only licence). */
    async spreadsheet(
      caller: Caller,
      databaseId: number,
      items: ExportItem[],
      fields?: Set<number>,
    ): Promise<Buffer> {
      if (caller.licenseType === LicenseType.ReadOnly)
        throw keyedError('forbidden', BulkErrorKey.FailedDueToPermissions);
      const docs = exportDocuments(repos, caller.access, databaseId, items, ArchivePermission.ExportData);
      auditExport(repos, databaseId, docs, caller.userName, 'Document exported to spreadsheet', clock.now());
      return spreadsheet(docs, fields);
    },

    /** The registry (tests: expiry and settled file removal). */
    jobs,
  };
}
export type Exports = ReturnType<typeof createExports>;
