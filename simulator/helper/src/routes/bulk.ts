// Bulk update, import and export (contract/helperBulk.ts `bulkPaths`, docs/helper-api.md): CSV
// upload from the browser (multer, into `uploads/` of the user's folder, within the user's quota
// and never for a read-only licence: bulk/uploads.ts), the CSV preview (read only as far as it
// shows: bulk/csvPreview.ts), the count/update/import/export jobs and their polling, error logs
// and export profiles.
// Validation failures answer 400 `{ Message, Key }` before a job starts. Every route needs the
// user's token (401 without a live one) and works in that user's folder with that token; jobs
// are seen only by the user who started them (decision 008).
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import {
  BULK_ERROR_MESSAGES,
  BulkErrorKey,
  type BulkCsvPreviewResponse,
  type BulkJobStarted,
  type BulkUploadResponse,
  type ExportProfile,
} from '@gs/contract/helperBulk';
import { ApiFailure } from '../bulk/api';
import { BulkError, bulkError } from '../bulk/errors';
import { bulkContext, type BulkContext, type BulkOptions } from '../bulk/context';
import { previewCsv } from '../bulk/csvPreview';
import { prepareExport, readProfiles, runExport, saveProfile } from '../bulk/exporter';
import { prepareImport, runImport } from '../bulk/importer';
import { readOptions } from '../bulk/options';
import { prepareUpdate, runCount, runUpdate } from '../bulk/update';
import { HelperError, MalformedRequest, notFound } from '../errors';
import { LicenseType } from '@gs/contract/flags';
import {
  requireUser,
  tokenOf,
  userOf,
  type Authorizer,
  type HelperUser,
  type UserErrors,
} from '../auth/users';
import type { Job } from '../bulk/jobs';

const keyedUserErrors: UserErrors = {
  unauthorized: () =>
    bulkError(
      BulkErrorKey.FailedDueToPermissions,
      401,
      'Authorization has been denied for this request: a valid Auth-Token is required.',
    ),
  unavailable: () => bulkError(BulkErrorKey.ApiUnavailable, 502),
};

/** The largest single upload, whatever room the quota leaves. */
const MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;
const READ_ONLY: number = LicenseType.ReadOnly;

/** A multer or busboy failure is the request's fault (two files, a truncated body): 400; a file
 *  over the limit 413 (`overQuota` when the quota, not the largest upload, set the limit). A
 *  system error (disk full) stays a 500. */
const uploadError = (err: unknown, overQuota?: HelperError): unknown => {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return err;
  if (code === 'LIMIT_FILE_SIZE')
    return overQuota ?? new HelperError(413, 'The file is larger than the upload limit of 1024 MiB.');
  const why = err instanceof Error ? err.message : String(err);
  return new MalformedRequest(`The upload is not a valid multipart body with one file: ${why}`);
};

const safeUploadName = (name: string): string =>
  name
    .replace(/[^\w\-. {}&]/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 120) || 'upload.csv';

export function bulkRouter(options: BulkOptions, authorize: Authorizer): Router {
  const shared = bulkContext(options);
  const jobs = shared.jobs;
  const userCtx = (res: Response): BulkContext => shared.forUser(userOf(res));
  const router = Router();

  // a job is read with a live token of the user who started it; anyone else's request finds no
  // such job. While the API is away (a crash mid-job) the token that started the job still reads
  // it, so the client can show where the job stopped.
  const ownJob = async (req: Request): Promise<Job> => {
    const id = String(req.params.id);
    const token = tokenOf(req);
    if (!token) throw keyedUserErrors.unauthorized();
    let user: HelperUser | undefined;
    try {
      user = await authorize(token);
    } catch {
      const mine = jobs.byToken(id, token);
      if (mine) return mine;
      throw keyedUserErrors.unavailable();
    }
    if (!user) throw keyedUserErrors.unauthorized();
    const job = jobs.get(id, user.name);
    if (!job) throw notFound(`Job '${id}' was not found.`);
    return job;
  };
  router.get('/jobs/:id', async (req, res) => {
    res.json((await ownJob(req)).status);
  });
  router.delete('/jobs/:id', async (req, res) => {
    (await ownJob(req)).cancelled = true;
    res.json(true);
  });

  router.use(requireUser(authorize, keyedUserErrors));
  // a read-only licence uploads nothing (as the API's cache); everyone else within the quota
  const receive: RequestHandler = (req, res, next) => {
    if (userOf(res).type === READ_ONLY) return next(bulkError(BulkErrorKey.ReadOnlyLicense, 403));
    const root = userCtx(res).root;
    const ready = async (): Promise<void> => {
      const room = await shared.uploads.room(root);
      const dir = await shared.uploads.prepare(root);
      const fileSize = Math.min(MAX_UPLOAD_BYTES, room);
      const upload = multer({
        storage: multer.diskStorage({
          destination: dir,
          filename: (_req, file, done) =>
            done(null, `${randomUUID().slice(0, 8)}-${safeUploadName(file.originalname)}`),
        }),
        limits: { fileSize, files: 1 },
      });
      upload.any()(req, res, (err?: unknown) =>
        err
          ? next(uploadError(err, fileSize < MAX_UPLOAD_BYTES ? shared.uploads.refusal() : undefined))
          : next(),
      );
    };
    ready().catch(next);
  };

  router.post('/upload', receive, async (req, res) => {
    const ctx = userCtx(res);
    const file = (req.files as Express.Multer.File[] | undefined)?.[0];
    if (!file) throw bulkError(BulkErrorKey.FileNotFound);
    await shared.uploads.settle(ctx.root, file.path);
    const body: BulkUploadResponse = { Path: ctx.shown(file.path), Name: file.originalname, Size: file.size };
    res.json(body);
  });

  router.post('/csv', async (req, res) => {
    const ctx = userCtx(res);
    const o = readOptions({ Database: 0, ...(req.body as object) }, undefined);
    if (!o.csvPath) throw bulkError(BulkErrorKey.InvalidCsvPath);
    const rows = typeof o.raw.rows === 'number' ? o.raw.rows : 5;
    // read as a stream up to the rows the preview needs, never the whole file
    const csv = await previewCsv(
      ctx.path(o.csvPath, BulkErrorKey.InvalidCsvPath),
      {
        fieldDelimiter: o.fieldDelimiter,
        stringDelimiter: o.stringDelimiter,
        headersIncluded: o.headersIncluded,
      },
      rows,
    );
    const body: BulkCsvPreviewResponse = { Columns: csv.columns, Rows: csv.rows };
    res.json(body);
  });

  const started = (id: string): BulkJobStarted => ({ JobID: id });

  router.post('/count', async (req, res) => {
    const ctx = userCtx(res);
    const o = readOptions(req.body, userOf(res).token);
    const p = await prepareUpdate(ctx, o);
    const log = ctx.logFile(o.errorPath, 'count', BulkErrorKey.InvalidErrorPath);
    const job = await jobs.create('count', userOf(res), log);
    jobs.run(job, () => runCount(p, job));
    res.json(started(job.status.JobID));
  });

  router.post('/update', async (req, res) => {
    const ctx = userCtx(res);
    const o = readOptions(req.body, userOf(res).token);
    const p = await prepareUpdate(ctx, o);
    const log = ctx.logFile(o.errorPath, 'update', BulkErrorKey.InvalidErrorPath);
    const job = await jobs.create('update', userOf(res), log);
    jobs.run(job, () => runUpdate(p, job, ctx.batchSize));
    res.json(started(job.status.JobID));
  });

  router.post('/import', async (req, res) => {
    const ctx = userCtx(res);
    const o = readOptions(req.body, userOf(res).token);
    const p = await prepareImport(ctx, o);
    const log = ctx.logFile(o.errorPath, 'import', BulkErrorKey.InvalidErrorPath);
    const job = await jobs.create('import', userOf(res), log);
    jobs.run(job, () => runImport(ctx, p, job));
    res.json(started(job.status.JobID));
  });

  router.get('/export/profiles', async (_req, res) => {
    res.json(await readProfiles(userCtx(res)));
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
      await saveProfile(userCtx(res), {
        DatabaseID: Number(b.DatabaseID),
        ArchiveID: Number(b.ArchiveID),
        FieldIDs: ids,
      }),
    );
  });

  router.post('/export', async (req, res) => {
    const ctx = userCtx(res);
    const o = readOptions(req.body, userOf(res).token);
    const p = await prepareExport(ctx, o);
    const log = ctx.logFile(o.errorPath, 'export', BulkErrorKey.InvalidErrorPath);
    const job = await jobs.create('export', userOf(res), log);
    jobs.run(job, () => runExport(ctx, p, job));
    res.json(started(job.status.JobID));
  });

  router.get('/file', async (req, res) => {
    const given = typeof req.query.path === 'string' ? req.query.path : '';
    const abs = userCtx(res).path(given, BulkErrorKey.InvalidCsvPath);
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
