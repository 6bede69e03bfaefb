// Where uploaded and inbox files live, and the checks every file name from a request passes.
// Uploads go to the server cache `${dataDir}/cache/upload/<user id>` ("WebPortalCache"); inbox files to
// `${dataDir}/inboxes/<inbox path>`; document files to `${dataDir}/files/{db}/{archive}`.
import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import { extname, isAbsolute, join } from 'node:path';
import sharp from 'sharp';
import type { DomainError } from '../../domain/errors';
import { invalid } from '../../domain/errors';
import { UnreadablePdf, pdfPageCounter } from '../../pdf/services/pageCounts';

export const UPLOAD_CACHE = join('cache', 'upload');

/** 400 `{"Message": ...}` for a file name that is no plain name. */
export const badFileName = (name: string): DomainError => invalid(`The file name '${name}' is not valid.`);

/**
 * A plain file name from a request: no `..`, no separators, no NUL or control characters, not
 * absolute, not empty; 400 otherwise. Never build a path from a request string without it.
 */
export function safeName(name: string): string {
  const bad =
    name.trim() === '' ||
    name === '.' ||
    name.includes('..') ||
    /[/\\:]/.test(name) ||
    [...name].some((c) => c.charCodeAt(0) < 32) ||
    isAbsolute(name) ||
    name.length > 255;
  if (bad) throw badFileName(name);
  return name;
}

/** The upload cache's root; each user's files are in a folder of their own (uploadCache.ts). */
export const cacheDir = (dataDir: string): string => join(dataDir, UPLOAD_CACHE);

/** A fresh cache name keeping the extension of `original` (lower-cased). */
export const newCacheName = (original: string): string =>
  `${randomUUID()}${extname(original)
    .toLowerCase()
    .replace(/[^.a-z0-9]/g, '')}`;

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

/** `name.ext` in `dir` if free, else `name (1).ext`, `name (2).ext`... */
export async function uniqueName(dir: string, fileName: string): Promise<string> {
  const ext = extname(fileName);
  const base = fileName.slice(0, fileName.length - ext.length);
  for (let i = 0; ; i++) {
    const candidate = i === 0 ? fileName : `${base} (${i})${ext}`;
    if (!(await exists(join(dir, candidate)))) return candidate;
  }
}

export const isTiff = (ext: string): boolean => /^\.tiff?$/i.test(ext);
export const isPdf = (ext: string): boolean => ext.toLowerCase() === '.pdf';

/**
 * The number of pages of a file: a PDF's from the PDF workers, remembered per file version
 * (pdf/pageCounts.ts; UnreadablePdf, a 422, when MuPDF cannot read it), a TIFF's from its
 * directory, anything else 1.
 */
export async function pageCount(file: string): Promise<number> {
  const ext = extname(file);
  if (isPdf(ext)) return pdfPageCounter.count(file);
  if (!isTiff(ext)) return 1;
  // a TIFF libvips cannot read counts 1, as it always did: drawing its page answers the error
  return (
    (
      await sharp(file)
        .metadata()
        .catch(() => undefined)
    )?.pages ?? 1
  );
}

/**
 * The page count stored at import: an unreadable PDF imports all the same (decision 036) with a
 * page count of 1, and one stderr line says so.
 */
export async function importPageCount(file: string): Promise<number> {
  return pageCount(file).catch((error: unknown) => {
    if (!(error instanceof UnreadablePdf)) throw error;
    console.error(`${file}: ${error.message} It is imported with a page count of 1.`);
    return 1;
  });
}
