// `GET upload?url=<public address>&token=` (square9api-wire.md §2.6 item 2, the vendor's Chrome
// extension): the server downloads the address into the upload cache and answers the cache file's
// name as a JSON string, ready for the import. Only http and https addresses are fetched: a file
// path (`file:`, a drive letter, a UNC or absolute path) or any other scheme is refused with 400,
// as is an address that does not answer 2xx or a body over the upload limit. The server fetches
// only public addresses unless the allow-list (UPLOAD_URL_ALLOW) names them: no loopback,
// private or link-local address, directly, through DNS or through a redirect (decision 009).
import { writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { Router } from 'express';
import type { RouteDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import { queryLookup, route, type Policy } from '../../http/route';
import { refuseCookieOnlyGet } from '../../http/cookieOnly';
import { createAddressPolicy } from '../services/addressPolicy';
import { requireEditingLicense } from '../../documents/services/documentAccess';
import { newCacheName } from '../../files/services/fileStore';
import { fetchAllowedUrl, UrlFetchError, type FetchFailure } from '../services/urlFetch';

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
  blocked: (url: string, host: string) =>
    `The file at '${url}' cannot be downloaded: '${host}' is a loopback, private or reserved address.`,
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

function refusal(text: string, failure: FetchFailure): HttpError {
  switch (failure.kind) {
    case 'scheme':
      return bad(urlUploadMessages.notHttp(text));
    case 'blocked':
      return bad(urlUploadMessages.blocked(text, failure.host));
    case 'tooLarge':
      return bad(urlUploadMessages.tooLarge(text));
    case 'failed':
      return bad(urlUploadMessages.failed(text, failure.why));
  }
}

export function createUploadUrlRouter(deps: RouteDeps): Router {
  const router = Router();
  const policy = createAddressPolicy(deps.config.uploadUrlAllow);
  // a write into the caller's own upload cache (decision 010): a licence that may edit
  const editor: Policy = ({ caller }) => requireEditingLicense(caller);
  const spec = { before: [refuseCookieOnlyGet], policy: editor, query: queryLookup };
  router.get(
    '/upload',
    ...route(deps, spec, async ({ caller }, { query }) => {
      const user = caller.user.id;
      await deps.uploads.room(user);
      const text = query('url')?.trim();
      if (!text) throw bad(urlUploadMessages.missing);
      const url = publicUrl(text);
      let fetched;
      try {
        fetched = await fetchAllowedUrl(url, {
          policy,
          maxBytes: deps.config.uploadMaxBytes,
          signal: AbortSignal.timeout(URL_UPLOAD_TIMEOUT_MS),
        });
      } catch (err) {
        if (err instanceof UrlFetchError) throw refusal(text, err.failure);
        throw err;
      }
      const { bytes } = fetched;
      if (bytes.length === 0) throw bad(urlUploadMessages.failed(text, 'the file is empty'));
      const dir = await deps.uploads.prepare(user);
      const name = newCacheName(`download${extensionOf(url, fetched.contentType)}`);
      await writeFile(join(dir, name), bytes);
      await deps.uploads.settle(user, [join(dir, name)]);
      return name;
    }),
  );
  return router;
}
