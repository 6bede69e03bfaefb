// Bulk update, import and export (contract/helperBulk.ts `bulkPaths`, docs/helper-api.md): CSV
// upload from the browser (multer, into `uploads/` of the helper's data folder), the CSV preview,
// the count/update/import/export jobs and their polling, error logs and export profiles.
// Validation failures answer 400 `{ Message, Key }` before a job starts.
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Router, type ErrorRequestHandler, type Request } from 'express';
import multer from 'multer';
import {
  BULK_ERROR_MESSAGES,
  BULK_FOLDERS,
  BulkErrorKey,
  type BulkCsvPreviewResponse,
  type BulkJobStarted,
  type BulkUploadResponse,
  type ExportProfile,
} from '@gs/contract/helperBulk';
import { ApiFailure } from '../bulk/api';
import { BulkError, bulkError } from '../bulk/errors';
import { bulkContext, type BulkOptions } from '../bulk/context';
import { readCsv } from '../bulk/csv';
import { prepareExport, readProfiles, runExport, saveProfile } from '../bulk/exporter';
import { prepareImport, runImport } from '../bulk/importer';
import { readOptions } from '../bulk/options';
import { prepareUpdate, runCount, runUpdate } from '../bulk/update';
import { notFound } from '../errors';

const headerToken = (req: Request): string | undefined => {
  const t = req.headers['auth-token'];
  return typeof t === 'string' && t !== '' ? t : undefined;
};

const safeUploadName = (name: string): string =>
  name
    .replace(/[^\w\-. {}&]/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 120) || 'upload.csv';

export function bulkRouter(options: BulkOptions): Router {
  const ctx = bulkContext(options);
  const router = Router();
  const uploads = join(ctx.root, BULK_FOLDERS.uploads);
  const upload = multer({
    storage: multer.diskStorage({
      destination: (_req, _file, done) => {
        mkdirSync(uploads, { recursive: true });
        done(null, uploads);
      },
      filename: (_req, file, done) =>
        done(null, `${randomUUID().slice(0, 8)}-${safeUploadName(file.originalname)}`),
    }),
    limits: { fileSize: 1024 * 1024 * 1024, files: 1 },
  });

  router.post('/upload', upload.any(), (req, res) => {
    const file = (req.files as Express.Multer.File[] | undefined)?.[0];
    if (!file) throw bulkError(BulkErrorKey.FileNotFound);
    const body: BulkUploadResponse = { Path: ctx.shown(file.path), Name: file.originalname, Size: file.size };
    res.json(body);
  });

  router.post('/csv', async (req, res) => {
    const o = readOptions({ Database: 0, ...(req.body as object) }, undefined);
    if (!o.csvPath) throw bulkError(BulkErrorKey.InvalidCsvPath);
    const csv = await readCsv(ctx.path(o.csvPath, BulkErrorKey.InvalidCsvPath), {
      fieldDelimiter: o.fieldDelimiter,
      stringDelimiter: o.stringDelimiter,
      headersIncluded: o.headersIncluded,
    });
    const rows = typeof o.raw.rows === 'number' ? o.raw.rows : 5;
    const body: BulkCsvPreviewResponse = {
      Columns: csv.columns,
      Rows: csv.rows.slice(0, rows),
      Total: csv.rows.length,
    };
    res.json(body);
  });

  const started = (id: string): BulkJobStarted => ({ JobID: id });

  router.post('/count', async (req, res) => {
    const o = readOptions(req.body, headerToken(req));
    const p = await prepareUpdate(ctx, o);
    const job = ctx.jobs.create('count', ctx.logFile(o.errorPath, 'count', BulkErrorKey.InvalidErrorPath));
    ctx.jobs.run(job, () => runCount(p, job));
    res.json(started(job.status.JobID));
  });

  router.post('/update', async (req, res) => {
    const o = readOptions(req.body, headerToken(req));
    const p = await prepareUpdate(ctx, o);
    const job = ctx.jobs.create('update', ctx.logFile(o.errorPath, 'update', BulkErrorKey.InvalidErrorPath));
    ctx.jobs.run(job, () => runUpdate(p, job, ctx.batchSize));
    res.json(started(job.status.JobID));
  });

  router.post('/import', async (req, res) => {
    const o = readOptions(req.body, headerToken(req));
    const p = await prepareImport(ctx, o);
    const job = ctx.jobs.create('import', ctx.logFile(o.errorPath, 'import', BulkErrorKey.InvalidErrorPath));
    ctx.jobs.run(job, () => runImport(ctx, p, job));
    res.json(started(job.status.JobID));
  });

  router.get('/export/profiles', async (_req, res) => {
    res.json(await readProfiles(ctx));
  });
  router.post('/export/profiles', async (req, res) => {
    const b = req.body as Partial<ExportProfile> | undefined;
    const ids = Array.isArray(b?.FieldIDs) ? b.FieldIDs.map(Number) : undefined;
    if (
      !b ||
      !Number.isInteger(b.DatabaseID) ||
      !Number.isInteger(b.ArchiveID) ||
      !ids ||
      ids.some((n) => !Number.isInteger(n))
    )
      throw bulkError(BulkErrorKey.IncorrectParameters);
    res.json(
      await saveProfile(ctx, {
        DatabaseID: Number(b.DatabaseID),
        ArchiveID: Number(b.ArchiveID),
        FieldIDs: ids,
      }),
    );
  });

  router.post('/export', async (req, res) => {
    const o = readOptions(req.body, headerToken(req));
    const p = await prepareExport(ctx, o);
    const job = ctx.jobs.create('export', ctx.logFile(o.errorPath, 'export', BulkErrorKey.InvalidErrorPath));
    ctx.jobs.run(job, () => runExport(ctx, p, job));
    res.json(started(job.status.JobID));
  });

  router.get('/jobs/:id', (req, res) => {
    const job = ctx.jobs.get(req.params.id);
    if (!job) throw notFound(`Job '${req.params.id}' was not found.`);
    res.json(job.status);
  });
  router.delete('/jobs/:id', (req, res) => {
    const job = ctx.jobs.get(req.params.id);
    if (!job) throw notFound(`Job '${req.params.id}' was not found.`);
    job.cancelled = true;
    res.json(true);
  });

  router.get('/file', async (req, res) => {
    const given = typeof req.query.path === 'string' ? req.query.path : '';
    const abs = ctx.path(given, BulkErrorKey.InvalidCsvPath);
    let text: string;
    try {
      text = await readFile(abs, 'utf8');
    } catch {
      throw bulkError(BulkErrorKey.FileNotFound, 404);
    }
    res.type('text/plain').send(text);
  });

  const keyed: ErrorRequestHandler = (err: unknown, _req, res, next) => {
    if (err instanceof BulkError) {
      res.status(err.status).json({ Message: err.message, Key: err.key });
      return;
    }
    if (err instanceof ApiFailure) {
      res
        .status(err.status >= 500 ? 502 : err.status)
        .json({ Message: err.message, Key: err.key ?? BulkErrorKey.ApiUnavailable });
      return;
    }
    if (err instanceof TypeError && /fetch/i.test(err.message)) {
      res
        .status(502)
        .json({ Message: BULK_ERROR_MESSAGES.BULK_API_UNAVAILABLE, Key: BulkErrorKey.ApiUnavailable });
      return;
    }
    next(err);
  };
  router.use(keyed);
  return router;
}
