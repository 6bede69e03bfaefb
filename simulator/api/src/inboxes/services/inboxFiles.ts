// The files of one inbox folder (`${dataDir}/inboxes/<path>`): listing with paging and sorting,
// and the file moves behind the inbox routes. Every move writes the new file before removing
// the old one, so a failure part way leaves the file in at least one place.
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { ALL_INBOX_PERMISSIONS } from '@gs/contract/flags';
import type { InboxFile } from '@gs/contract/inboxes';
import type { InboxRow } from '../repos/inboxesRepo';
import { conflict, notFound } from '../../domain/errors';
import { toDotNetDate } from '../../lib/dates';
import { safeName, uniqueName } from '../../files/services/fileStore';

export interface ListedFile {
  name: string;
  ext: string;
  created: number;
  modified: number;
  size: number;
}

/** Paging of `GET inboxes/{id}` (1-based page; every file when numberOfDocuments is absent). */
export interface InboxPaging {
  pageNumber: number;
  numberOfDocuments: number | undefined;
  /** `name` (default), `type`, `date` (modified), `created`, `size`; a leading `-` sorts descending */
  sort: string;
}

export const inboxDir = (dataDir: string, inbox: InboxRow): string =>
  join(dataDir, 'inboxes', ...inbox.path.split(/[\\/]+/).filter((p) => p && p !== '..' && p !== '.'));

/**
 * The plain files of the folder (no dot-files, no sub-folders); [] when it does not exist. A file
 * moved or deleted by another request between the folder's listing and its own `stat` (a job
 * group moving files out while the inbox is listed) is not there any more, and is left out.
 */
export async function listFiles(dir: string, statFile: typeof stat = stat): Promise<ListedFile[]> {
  // an inbox folder not made yet (or gone) holds no files
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files = entries.filter((e) => e.isFile() && !e.name.startsWith('.'));
  const listed = await Promise.all(
    files.map(async (e): Promise<ListedFile | undefined> => {
      const s = await statFile(join(dir, e.name)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return undefined;
        throw err;
      });
      if (!s) return undefined;
      return {
        name: e.name,
        ext: extname(e.name),
        created: s.birthtimeMs || s.ctimeMs,
        modified: s.mtimeMs,
        size: s.size,
      };
    }),
  );
  return listed.filter((f): f is ListedFile => f !== undefined);
}

const SORT_KEYS: Record<string, (f: ListedFile) => string | number> = {
  name: (f) => f.name.toLowerCase(),
  type: (f) => f.ext.toLowerCase(),
  date: (f) => f.modified,
  modified: (f) => f.modified,
  created: (f) => f.created,
  size: (f) => f.size,
};

export function pageOf(files: ListedFile[], paging: InboxPaging): ListedFile[] {
  const desc = paging.sort.startsWith('-');
  const key = SORT_KEYS[paging.sort.replace(/^[-+]/, '').toLowerCase()] ?? SORT_KEYS.name;
  const sorted = [...files].sort((a, b) => {
    const [x, y] = [key?.(a) ?? 0, key?.(b) ?? 0];
    const c = x < y ? -1 : x > y ? 1 : a.name.localeCompare(b.name);
    return desc ? -c : c;
  });
  const size = paging.numberOfDocuments;
  if (size === undefined || size <= 0) return sorted;
  const start = (Math.max(1, paging.pageNumber) - 1) * size;
  return sorted.slice(start, start + size);
}

export const toInboxFile = (f: ListedFile, permissions: number): InboxFile => ({
  FileName: f.name.slice(0, f.name.length - f.ext.length),
  FileType: f.ext,
  DateCreated: toDotNetDate(f.created),
  DateModified: toDotNetDate(f.modified),
  Fields: [],
  NewName: false,
  Permissions: permissions & ALL_INBOX_PERMISSIONS,
});

/** The absolute path of an existing inbox file named by the client; 404 when it is not there. */
export async function existingFile(dir: string, name: string): Promise<string> {
  const path = join(dir, safeName(name));
  // not there (or not readable): the 404 below says so
  const s = await stat(path).catch(() => undefined);
  if (!s?.isFile()) throw notFound(`The file '${name}' was not found in the inbox.`);
  return path;
}

/**
 * Put `source` into `dir` under `wanted` (a unique variant on a clash); the source is removed
 * afterwards when `removeSource`. Returns the name it got.
 */
export async function placeFile(
  source: string,
  dir: string,
  wanted: string,
  removeSource: boolean,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const name = await uniqueName(dir, safeName(wanted));
  await copyFile(source, join(dir, name));
  if (removeSource) await rm(source, { force: true });
  return name;
}

/** Rename within one folder; 409 when the new name is taken. */
export async function renameFile(dir: string, from: string, to: string): Promise<void> {
  const source = await existingFile(dir, from);
  const target = join(dir, safeName(to));
  if (
    await stat(target).then(
      () => true,
      () => false,
    )
  )
    throw conflict(`A file named '${to}' is already in the inbox.`);
  await rename(source, target);
}
