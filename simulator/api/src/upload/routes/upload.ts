// `POST files` (and `files/`): multipart upload into the server cache ("WebPortalCache"), any
// part name, one or several files, Basic alone or a token. The answer is JSON sent as
// text/plain, as the real server does (contract/upload.ts). Zero-byte files are dropped and
// named in `skipped`; a file over the limit is 413; a file name that is not a plain name is 400.
// The files go into the caller's own cache folder, within their quota (413 past it), and a
// read-only licence may not upload (403): upload/services/uploadCache.ts, decision 010. A body that is
// not readable multipart (no boundary, truncated, malformed part headers) is 400.
import { rm } from 'node:fs/promises';
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { UPLOAD_CONTENT_TYPE, type UploadResponse, type UploadedFile } from '@gs/contract/upload';
import type { RouteDeps } from '../../deps';
import { callerOf } from '../../http/auth';
import { HttpError, asHttpError } from '../../http/errors';
import { requireEditingLicense } from '../../documents/services/documentAccess';
import { newCacheName, safeName } from '../../files/services/fileStore';
import { cacheMessages } from '../services/uploadCache';

const mib = (bytes: number): string => `${Math.round((bytes / 1048576) * 10) / 10} MiB`;

export const uploadMessages = {
  notMultipart: 'The request must be multipart/form-data with a file.',
  noFile: 'The request contains no file.',
  unreadable: (why: string) => `The multipart body could not be read: ${why}.`,
  tooLarge: (field: string, maxBytes: number) =>
    `The file '${field}' is larger than the upload limit of ${mib(maxBytes)}.`,
};

/** What one request may write: its folder and the bytes a file may have. */
interface Target {
  dir: string;
  fileSize: number;
  /** the quota, not the upload limit, bounds fileSize */
  byQuota: boolean;
}
const targets = new WeakMap<Request, Target>();
const targetOf = (req: Request): Target => {
  const t = targets.get(req);
  if (!t) throw new Error('upload target not prepared');
  return t;
};

const storage = multer.diskStorage({
  destination: (req, _file, cb) => cb(null, targetOf(req).dir),
  filename: (_req, file, cb) => cb(null, newCacheName(file.originalname)),
});

/** The multipart reader of one request (its file-size limit is the request's own). */
const parserFor = (target: Target): RequestHandler =>
  multer({
    storage,
    // keep the client's path so that `../x` reaches the name check instead of being cut off
    preservePath: true,
    // browsers send file names as raw UTF-8
    defParamCharset: 'utf8',
    limits: { fileSize: target.fileSize },
    fileFilter: (_req, file, cb) => {
      try {
        safeName(file.originalname);
        cb(null, true);
      } catch (err) {
        cb(err as Error);
      }
    },
  }).any();

/** An error of the file system (disk full, no access) is the server's; anything else the body's. */
const isSystemError = (err: Error): boolean => /^E[A-Z]+$/.test(String((err as NodeJS.ErrnoException).code));

/** multer's and busboy's errors as the API's `{"Message"}` answers. */
function uploadError(err: unknown, target: Target, quota: number): unknown {
  if (asHttpError(err) || !(err instanceof Error)) return err;
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE')
      return new HttpError(413, {
        Message: target.byQuota
          ? cacheMessages.quota(quota)
          : uploadMessages.tooLarge(err.field ?? '', target.fileSize),
      });
    return new HttpError(400, { Message: `The upload was refused: ${err.message}.` });
  }
  // busboy: no boundary, "Unexpected end of form", "Malformed part header"...
  if (isSystemError(err)) return err;
  return new HttpError(400, { Message: uploadMessages.unreadable(err.message.replace(/\.$/, '')) });
}

const filesOf = (req: Request): Express.Multer.File[] => (Array.isArray(req.files) ? req.files : []);

export function createUploadRouter(deps: RouteDeps): Router {
  const router = Router();
  const maxBytes = deps.config.uploadMaxBytes;

  const receive: RequestHandler = (req, res, next) => {
    requireEditingLicense(callerOf(res));
    if (!req.is('multipart/form-data'))
      return next(new HttpError(400, { Message: uploadMessages.notMultipart }));
    const user = callerOf(res).user.id;
    const { uploads } = deps;
    const ready = async (): Promise<void> => {
      const room = await uploads.room(user);
      const target = {
        dir: await uploads.prepare(user),
        fileSize: Math.min(maxBytes, room),
        byQuota: room < maxBytes,
      };
      targets.set(req, target);
      parserFor(target)(req, res, (err: unknown) =>
        next(err ? uploadError(err, target, uploads.quotaBytes) : undefined),
      );
    };
    ready().catch(next);
  };

  const answer = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const all = filesOf(req);
    if (all.length === 0) return next(new HttpError(400, { Message: uploadMessages.noFile }));
    const empty = all.filter((f) => f.size === 0);
    await Promise.all(empty.map((f) => rm(f.path, { force: true })));
    const kept = all.filter((f) => f.size > 0);
    await deps.uploads.settle(
      callerOf(res).user.id,
      kept.map((f) => f.path),
    );
    const files: UploadedFile[] = kept.map((f) => ({
      name: f.filename,
      originalName: f.originalname,
      isEmail: false,
      oEmailData: null,
      test: null,
    }));
    const body: UploadResponse = empty.length
      ? { files, skipped: empty.map((f) => f.originalname) }
      : { files };
    // Node's setHeader and a Buffer: Express's res.set/res.type and a string body would each
    // append `; charset=utf-8`, which the real server does not send (decision 056)
    res.status(200).setHeader('Content-Type', UPLOAD_CONTENT_TYPE);
    res.send(Buffer.from(JSON.stringify(body), 'utf8'));
  };

  // the viewer's multipart upload (spec §7 `POST api/upload/import`) answers the same way
  router.post(['/files', '/upload/import'], deps.auth.requireAuth, receive, answer);
  return router;
}
