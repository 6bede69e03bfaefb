// A multipart body read for route() (http/route.ts `streamedBody`, decision 063): multer streams
// the parts into the route's folder (or memory) with the route's own limits, and the reader gets
// the typed parts or a failure it words itself. The API front never parses these bodies, and the
// edge reads one only after the policy, so an anonymous or unauthorised call is refused before
// its body is read (decision 009, 042).
import type { Request, Response } from 'express';
import multer from 'multer';

export interface MultipartOptions {
  /** the files go into `dir` named by `name` (multer removes them if the body fails), or into memory */
  storage: { dir: string; name: (originalName: string) => string } | 'memory';
  /** the bytes one file may have */
  fileSize: number;
  /** how many files the body may carry */
  files?: number;
  /** keep the client's path in the name (so that `../x` reaches `accept` instead of being cut off) */
  preservePath?: boolean;
  /** refuses a file by its name before it is stored (throws) */
  accept?: (originalName: string) => void;
  /** the route's answer to a body it cannot take */
  refusal: (failure: MultipartFailure) => unknown;
}

/** Why a multipart body was not taken. */
export type MultipartFailure =
  /** a file over `fileSize` */
  | { kind: 'tooLarge'; field: string }
  /** another of the limits */
  | { kind: 'limit'; message: string }
  /** busboy could not read it (no boundary, truncated...), the disk failed, or `accept` refused */
  | { kind: 'unreadable'; error: unknown };

/** One file of the body. */
export interface UploadedPart {
  field: string;
  /** the name the client sent (browsers send raw UTF-8) */
  originalName: string;
  size: number;
  /** on disk: where it was stored and under which name */
  path: string;
  storedName: string;
  /** in memory: the bytes */
  bytes?: Buffer;
}

const failureOf = (err: unknown): MultipartFailure => {
  if (err instanceof multer.MulterError)
    return err.code === 'LIMIT_FILE_SIZE'
      ? { kind: 'tooLarge', field: err.field ?? '' }
      : { kind: 'limit', message: err.message };
  return { kind: 'unreadable', error: err };
};

const partOf = (f: Express.Multer.File): UploadedPart => ({
  field: f.fieldname,
  originalName: f.originalname,
  size: f.size,
  path: f.path,
  storedName: f.filename,
  bytes: f.buffer,
});

/** Read the multipart body of `req` with `options`: its files, or the route's refusal. */
export function readMultipart(
  req: Request,
  res: Response,
  options: MultipartOptions,
): Promise<UploadedPart[]> {
  const { storage: where, accept } = options;
  const storage =
    where === 'memory'
      ? multer.memoryStorage()
      : multer.diskStorage({
          destination: where.dir,
          filename: (_req, file, done) => done(null, where.name(file.originalname)),
        });
  const parse = multer({
    storage,
    ...(options.preservePath ? { preservePath: true } : {}),
    defParamCharset: 'utf8',
    limits: { fileSize: options.fileSize, ...(options.files !== undefined ? { files: options.files } : {}) },
    ...(accept
      ? {
          fileFilter: (_req: Request, file: Express.Multer.File, cb: multer.FileFilterCallback) => {
            try {
              accept(file.originalname);
              cb(null, true);
            } catch (err) {
              cb(err as Error);
            }
          },
        }
      : {}),
  }).any();
  return new Promise((resolve, reject) => {
    void parse(req, res, (err: unknown) => {
      if (err) return reject(options.refusal(failureOf(err)));
      resolve((Array.isArray(req.files) ? req.files : []).map(partOf));
    });
  });
}
