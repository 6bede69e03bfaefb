// `POST files` (and `files/`): multipart upload into the server cache ("WebPortalCache"), any
// part name, one or several files, Basic alone or a token. The answer is JSON sent as
// text/plain, as the real server does (contract/upload.ts). Zero-byte files are dropped and
// named in `skipped`; a file over the limit is 413; a file name that is not a plain name is 400.
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import {
  UPLOAD_CONTENT_TYPE,
  UPLOAD_MAX_BYTES_DEFAULT,
  type UploadResponse,
  type UploadedFile,
} from '@gs/contract/upload';
import type { RouteDeps } from '../deps';
import { HttpError } from '../http/errors';
import { cacheDir, newCacheName, safeName } from '../services/fileStore';

/** The upload limit: env SIM_UPLOAD_MAX_BYTES when set, else 200 MiB. */
export function uploadLimit(): number {
  const env = Number(process.env.SIM_UPLOAD_MAX_BYTES);
  return Number.isFinite(env) && env > 0 ? env : UPLOAD_MAX_BYTES_DEFAULT;
}

const mib = (bytes: number): string => `${Math.round((bytes / 1048576) * 10) / 10} MiB`;

function multerFor(dataDir: string, maxBytes: number): RequestHandler {
  const dir = cacheDir(dataDir);
  return multer({
    storage: multer.diskStorage({
      destination: (_req, _file, cb) => {
        mkdirSync(dir, { recursive: true });
        cb(null, dir);
      },
      filename: (_req, file, cb) => cb(null, newCacheName(file.originalname)),
    }),
    // keep the client's path so that `../x` reaches the name check instead of being cut off
    preservePath: true,
    // browsers send file names as raw UTF-8
    defParamCharset: 'utf8',
    limits: { fileSize: maxBytes },
    fileFilter: (_req, file, cb) => {
      try {
        safeName(file.originalname);
        cb(null, true);
      } catch (err) {
        cb(err as Error);
      }
    },
  }).any();
}

/** multer's own errors as the API's `{"Message"}` answers. */
function uploadError(err: unknown, maxBytes: number): unknown {
  if (!(err instanceof multer.MulterError)) return err;
  if (err.code === 'LIMIT_FILE_SIZE')
    return new HttpError(413, {
      Message: `The file '${err.field ?? ''}' is larger than the upload limit of ${mib(maxBytes)}.`,
    });
  return new HttpError(400, { Message: `The upload was refused: ${err.message}.` });
}

const filesOf = (req: Request): Express.Multer.File[] => (Array.isArray(req.files) ? req.files : []);

export function createUploadRouter(deps: RouteDeps): Router {
  const router = Router();
  const maxBytes = uploadLimit();
  const parse = multerFor(deps.files.dataDir, maxBytes);
  const receive: RequestHandler = (req, res, next) => {
    if (!req.is('multipart/form-data'))
      return next(new HttpError(400, { Message: 'The request must be multipart/form-data with a file.' }));
    parse(req, res, (err: unknown) => next(err ? uploadError(err, maxBytes) : undefined));
  };

  const answer = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const all = filesOf(req);
    if (all.length === 0) return next(new HttpError(400, { Message: 'The request contains no file.' }));
    const empty = all.filter((f) => f.size === 0);
    await Promise.all(empty.map((f) => rm(f.path, { force: true })));
    const files: UploadedFile[] = all
      .filter((f) => f.size > 0)
      .map((f) => ({
        name: f.filename,
        originalName: f.originalname,
        isEmail: false,
        oEmailData: null,
        test: null,
      }));
    const body: UploadResponse = empty.length
      ? { files, skipped: empty.map((f) => f.originalname) }
      : { files };
    res.status(200).type(UPLOAD_CONTENT_TYPE).send(JSON.stringify(body));
  };

  // the viewer's multipart upload (spec §7 `POST api/upload/import`) answers the same way
  router.post(['/files', '/upload/import'], deps.auth.requireAuth, receive, answer);
  return router;
}
