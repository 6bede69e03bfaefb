// `GET upload?url=<public address>&token=` (square9api-wire.md §2.6 item 2, the vendor's Chrome
// extension): the server downloads the address into the upload cache and answers the cache file's
// name as a JSON string, ready for the import. Only http and https addresses are fetched: a file
// path (`file:`, a drive letter, a UNC or absolute path) or any other scheme is refused with 400,
// as is an address that does not answer 2xx or a body over the upload limit.
import { writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { Router } from 'express';
import type { RouteDeps } from '../deps';
import { HttpError } from '../http/errors';
import { query } from '../http/query';
import { callerOf } from '../http/auth';
import { refuseCookieOnlyGet } from '../http/cookieOnly';
import { requireEditingLicense } from '../services/documentAccess';
import { newCacheName } from '../services/fileStore';
import { uploadLimit } from './upload';

/** How long the remote server may take to answer in full. */
export const URL_UPLOAD_TIMEOUT_MS = 30_000;

const EXTENSIONS: Readonly<Record<string, string>> = {
  'application/pdf': '.pdf',
  'image/tiff': '.tif',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/gif': '.gif',
  'image/bmp': '.bmp',
  'text/plain': '.txt',
  'text/html': '.html',
  'text/csv': '.csv',
  'application/json': '.json',
  'application/xml': '.xml',
};

export const urlUploadMessages = {
  missing: "The query parameter 'url' is required.",
  notHttp: (url: string) => `Only http and https addresses can be uploaded, not '${url}'.`,
  failed: (url: string, why: string) => `The file at '${url}' could not be downloaded: ${why}.`,
  tooLarge: (url: string) => `The file at '${url}' is larger than the upload limit.`,
};

const bad = (message: string): HttpError => new HttpError(400, { Message: message });

/** The address when it is an absolute http(s) URL; a file path or any other scheme is refused. */
function publicUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // "C:\x", "\\server\share", "/etc/passwd" and other non-URLs
    throw bad(urlUploadMessages.notHttp(text));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw bad(urlUploadMessages.notHttp(text));
  if (url.username || url.password) throw bad(urlUploadMessages.notHttp(text));
  return url;
}

/** The extension of the downloaded file: the address's own, else from the content type. */
function extensionOf(url: URL, contentType: string | null): string {
  const own = extname(decodeURIComponent(basename(url.pathname)));
  if (/^\.[a-z0-9]{1,8}$/i.test(own)) return own;
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return EXTENSIONS[type] ?? '';
}

/** The body, read until the limit; 400 past it. */
async function readLimited(response: Response, url: string, max: number): Promise<Buffer> {
  const declared = Number(response.headers.get('Content-Length'));
  if (Number.isFinite(declared) && declared > max) throw bad(urlUploadMessages.tooLarge(url));
  const chunks: Buffer[] = [];
  let size = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > max) throw bad(urlUploadMessages.tooLarge(url));
      chunks.push(Buffer.from(chunk));
    }
  }
  return Buffer.concat(chunks);
}

export function createUploadUrlRouter(deps: RouteDeps): Router {
  const router = Router();
  router.get('/upload', deps.auth.requireAuth, refuseCookieOnlyGet, async (req, res) => {
    // a write into the caller's own upload cache (decision 010)
    requireEditingLicense(res);
    const user = callerOf(res).user.id;
    await deps.uploads.room(user);
    const text = query(req, 'url')?.trim();
    if (!text) throw bad(urlUploadMessages.missing);
    const url = publicUrl(text);
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(URL_UPLOAD_TIMEOUT_MS) });
    } catch (err) {
      throw bad(urlUploadMessages.failed(text, err instanceof Error ? err.message : 'no answer'));
    }
    if (!response.ok) throw bad(urlUploadMessages.failed(text, `HTTP ${response.status}`));
    // a redirect may not lead off http(s)
    publicUrl(response.url || text);
    const bytes = await readLimited(response, text, uploadLimit());
    if (bytes.length === 0) throw bad(urlUploadMessages.failed(text, 'the file is empty'));
    const dir = await deps.uploads.prepare(user);
    const name = newCacheName(`download${extensionOf(url, response.headers.get('Content-Type'))}`);
    await writeFile(join(dir, name), bytes);
    await deps.uploads.settle(user, [join(dir, name)]);
    res.json(name);
  });
  return router;
}
