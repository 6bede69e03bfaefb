// The body of an inbox export (inboxes/services/inboxExport.ts): `{FileNames: [...]}` in any casing.
import { badRequest } from '../../http/errors';
import { readKey } from '../../http/query';

/** The file names of the export body, de-duplicated; 400 when there are none. */
export function exportNames(body: unknown): string[] {
  const list = readKey(body, 'FileNames');
  if (!Array.isArray(list) || list.length === 0)
    throw badRequest('The request body must be {"FileNames": [...]} with at least one file name.');
  if (!list.every((n): n is string => typeof n === 'string' && n.trim() !== ''))
    throw badRequest('Every entry of FileNames must be a file name.');
  return [...new Set(list.map((n) => n.trim()))];
}
