// `POST files` (and `files/`): multipart upload into the server cache ("WebPortalCache"), any
// part name, one or several files, Basic alone or a token. The answer is JSON sent as
// text/plain, as the real server does (contract/upload.ts). Zero-byte files are dropped and
// named in `skipped`; a file over the limit is 413; a file name that is not a plain name is 400.
// The files go into the caller's own cache folder, within their quota (413 past it), and a
// read-only licence may not upload (403): upload/services/uploadCache.ts, decision 010. A body that is
// not readable multipart (no boundary, truncated, malformed part headers) is 400.
import { rm } from 'node:fs/promises';
import { Router } from 'express';
import { UPLOAD_CONTENT_TYPE, type UploadResponse, type UploadedFile } from '@gs/contract/upload';
import type { RouteDeps } from '../../deps';
import { HttpError, asHttpError } from '../../http/errors';
import type { MultipartFailure, UploadedPart } from '../../http/multipartBody';
import { present, route, streamedBody, type Policy } from '../../http/route';
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

/** What one request may write: the bytes a file may have. */
interface Target {
  fileSize: number;
  /** the quota, not the upload limit, bounds fileSize */
  byQuota: boolean;
}

/** An error of the file system (disk full, no access) is the server's; anything else the body's. */
const isSystemError = (err: Error): boolean => /^E[A-Z]+$/.test(String((err as NodeJS.ErrnoException).code));

/** multer's and busboy's failures as the API's `{"Message"}` answers. */
function uploadError(failure: MultipartFailure, target: Target, quota: number): unknown {
  if (failure.kind === 'tooLarge')
    return new HttpError(413, {
      Message: target.byQuota
        ? cacheMessages.quota(quota)
        : uploadMessages.tooLarge(failure.field, target.fileSize),
    });
  if (failure.kind === 'limit')
    return new HttpError(400, { Message: `The upload was refused: ${failure.message}.` });
  const err = failure.error;
  if (asHttpError(err) || !(err instanceof Error)) return err;
  // busboy: no boundary, "Unexpected end of form", "Malformed part header"...
  if (isSystemError(err)) return err;
  return new HttpError(400, { Message: uploadMessages.unreadable(err.message.replace(/\.$/, '')) });
}

/** A licence that may edit: the upload writes into the caller's cache (decision 010). */
const editor: Policy = ({ caller }) => requireEditingLicense(caller);

export function createUploadRouter(deps: RouteDeps): Router {
  const router = Router();
  const maxBytes = deps.config.uploadMaxBytes;

  /** multipart, then the caller's room and folder, then the files streamed into it */
  const files = streamedBody<UploadedPart[]>(async (body, { caller }) => {
    if (!body.is('multipart/form-data')) throw new HttpError(400, { Message: uploadMessages.notMultipart });
    const { uploads } = deps;
    const user = caller.user.id;
    const room = await uploads.room(user);
    const target: Target = { fileSize: Math.min(maxBytes, room), byQuota: room < maxBytes };
    return body.multipart({
      storage: { dir: await uploads.prepare(user), name: newCacheName },
      fileSize: target.fileSize,
      preservePath: true,
      accept: (name) => void safeName(name),
      refusal: (failure) => uploadError(failure, target, uploads.quotaBytes),
    });
  });

  // the viewer's multipart upload (spec §7 `POST api/upload/import`) answers the same way
  router.post(
    ['/files', '/upload/import'],
    ...route(deps, { policy: editor, body: files }, async ({ caller }, { body: all }) => {
      if (all.length === 0) throw new HttpError(400, { Message: uploadMessages.noFile });
      const empty = all.filter((f) => f.size === 0);
      await Promise.all(empty.map((f) => rm(f.path, { force: true })));
      const kept = all.filter((f) => f.size > 0);
      await deps.uploads.settle(
        caller.user.id,
        kept.map((f) => f.path),
      );
      const list: UploadedFile[] = kept.map((f) => ({
        name: f.storedName,
        originalName: f.originalName,
        isEmail: false,
        oEmailData: null,
        test: null,
      }));
      const answer: UploadResponse = empty.length
        ? { files: list, skipped: empty.map((f) => f.originalName) }
        : { files: list };
      // Node's setHeader and a Buffer: Express's res.set/res.type and a string body would each
      // append `; charset=utf-8`, which the real server does not send (decision 056)
      return present((_req, res) => {
        res.status(200).setHeader('Content-Type', UPLOAD_CONTENT_TYPE);
        res.send(Buffer.from(JSON.stringify(answer), 'utf8'));
      });
    }),
  );
  return router;
}
