// Paths the client names (csvPath, errorPath, ZipPath, FilePath): relative to the helper's data
// folder, with backslashes or slashes, or absolute inside it. Anything that leaves the folder is
// refused (400 BULK_PATH_OUTSIDE_DATA); a typed relative path must also have the spec's format.
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { BULK_CSV_PATH_PATTERN, BulkErrorKey, type BulkErrorKeyName } from '@gs/contract/helperBulk';
import { bulkError } from './errors';

export function insideData(root: string, given: string, formatKey: BulkErrorKeyName): string {
  const text = given.trim();
  if (text === '') throw bulkError(formatKey);
  const base = resolve(root);
  if (isAbsolute(text) && !/^[A-Za-z]:/.test(text)) {
    const abs = resolve(text);
    if (abs !== base && !abs.startsWith(base + sep)) throw bulkError(BulkErrorKey.PathOutsideData);
    return abs;
  }
  // a Windows-looking path: the drive letter is dropped, the rest is read inside the data folder
  const windows = text.replace(/\//g, '\\');
  if (!BULK_CSV_PATH_PATTERN.test(windows)) throw bulkError(formatKey);
  const parts = windows
    .replace(/^[A-Za-z]:/, '')
    .split('\\')
    .filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..')) throw bulkError(BulkErrorKey.PathOutsideData);
  const abs = resolve(join(base, ...parts));
  if (abs !== base && !abs.startsWith(base + sep)) throw bulkError(BulkErrorKey.PathOutsideData);
  return abs;
}

/** The path as the client shows it: relative to the data folder, with backslashes. */
export const shownPath = (root: string, abs: string): string =>
  relative(resolve(root), abs).split(sep).join('\\');
