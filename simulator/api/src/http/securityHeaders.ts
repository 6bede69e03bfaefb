// Headers that keep what the server sends from running as script on the client's origin (issue 26,
// decision 043). Every answer carries `X-Content-Type-Options: nosniff`, so a browser never takes
// a file for more than its declared type. A stored or uploaded file (documents' and inbox files,
// exports, packages) comes with `Content-Security-Policy: sandbox`, as does every other answer of
// the APIs: a document the browser opens from it gets an opaque origin and runs no script. A file
// of an active type (HTML, SVG, XML, script, anything not in the inert list below) is sent as an
// `attachment` of type application/octet-stream: the browser saves it rather than shows it.
import type { RequestHandler } from 'express';

export const NOSNIFF = { 'X-Content-Type-Options': 'nosniff' } as const;

/** The policy of every stored file and every other answer of the APIs. */
export const STORED_FILE_POLICY = 'sandbox';

export const SANDBOX = { 'Content-Security-Policy': STORED_FILE_POLICY } as const;

/** First handler of the app: nosniff on every answer, whatever answers it. */
export const noSniff: RequestHandler = (_req, res, next) => {
  res.set(NOSNIFF);
  next();
};

/** Types a browser shows without running anything of the file's on the page's origin. */
const INERT_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/tiff',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/bmp',
  'text/plain',
  'text/csv',
  'application/rtf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.ms-outlook',
  'application/zip',
  'application/octet-stream',
]);

/** Whether a file of this content type may be shown inline. */
export const isInertType = (contentType: string): boolean =>
  INERT_TYPES.has(contentType.split(';')[0]?.trim().toLowerCase() ?? '');

/** `filename="…"` with only printable ASCII (others and quotes as `_`), plus RFC 5987's UTF-8 form. */
function filenameParams(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return ascii === name ? `filename="${name}"` : `filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The Content-Type, Content-Disposition and Content-Security-Policy of a stored file sent as
 * `fileName` with the content type of its extension: inline when the type is inert, otherwise an
 * attachment of type application/octet-stream.
 */
export function storedFileHeaders(fileName: string, contentType: string): Record<string, string> {
  const inert = isInertType(contentType);
  return {
    'Content-Type': inert ? contentType : 'application/octet-stream',
    'Content-Disposition': `${inert ? 'inline' : 'attachment'}; ${filenameParams(fileName)}`,
    ...SANDBOX,
  };
}
