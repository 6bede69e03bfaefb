// The upload cache ("WebPortalCache") with owners, a quota and an expiry (our design, decision
// 010): every user has a folder of their own, `${dataDir}/cache/upload/<user id>/`, so a cache
// name only ever resolves inside the caller's folder and anyone else's upload is absent (404).
// A user's files may hold at most `quotaBytes` together (413 past it); a file not written for
// `maxAgeMs` is removed by a sweep that runs with every write into the cache (all folders at most
// once a minute) and on a timer of the running server. Times are the API clock's: each write
// stamps the file's mtime with it.
import { mkdir, readdir, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../../clock';
import { type DomainError, tooLarge } from '../../domain/errors';
import { existingFile } from '../../inboxes/services/inboxFiles';
import { cacheDir } from '../../files/services/fileStore';

const MIB = 1024 * 1024;
/** How often a write also sweeps the other users' folders. */
const FULL_SWEEP_EVERY_MS = 60_000;

const mib = (bytes: number): string => `${Math.round((bytes / MIB) * 10) / 10} MiB`;

export const cacheMessages = {
  quota: (quota: number) =>
    `Your upload cache is full (the limit is ${mib(quota)}): import your uploads or wait for them to expire.`,
};

export interface UploadCacheOptions {
  dataDir: string;
  clock: Clock;
  quotaBytes: number;
  maxAgeMs: number;
}

interface Entry {
  path: string;
  size: number;
  mtimeMs: number;
  isFile: boolean;
}

async function entries(dir: string): Promise<Entry[]> {
  // a folder not made yet (or removed meanwhile) holds nothing
  const names = await readdir(dir).catch(() => [] as string[]);
  const all = await Promise.all(
    names.map(async (name) => {
      const path = join(dir, name);
      // removed meanwhile (a sweep, the user): not counted
      const s = await stat(path).catch(() => undefined);
      return s && { path, size: s.size, mtimeMs: s.mtimeMs, isFile: s.isFile() };
    }),
  );
  return all.filter((e): e is Entry => !!e);
}

export function createUploadCache(options: UploadCacheOptions) {
  const root = cacheDir(options.dataDir);
  let lastFullSweep = Number.NEGATIVE_INFINITY;
  // bytes per user as last counted plus what was written since: a bulk import writes thousands
  // of files, so the folder is counted again only when the sum would refuse (or at a sweep)
  const usage = new Map<number, number>();

  const dirOf = (userId: number): string => join(root, String(userId));
  const expired = (e: Entry): boolean => e.mtimeMs < options.clock.now() - options.maxAgeMs;
  const full = (): DomainError => tooLarge(cacheMessages.quota(options.quotaBytes));

  /** Remove the expired files of one folder; the bytes of what is left. */
  async function sweepDir(dir: string): Promise<number> {
    const files = (await entries(dir)).filter((e) => e.isFile);
    await Promise.all(files.filter(expired).map((e) => rm(e.path, { force: true })));
    return files.filter((e) => !expired(e)).reduce((sum, e) => sum + e.size, 0);
  }

  /** The user's bytes counted on disk (expired files removed first). */
  async function recount(userId: number): Promise<number> {
    const bytes = await sweepDir(dirOf(userId));
    usage.set(userId, bytes);
    return bytes;
  }

  /** Every folder's expired files, and files left in the root by versions without owners. */
  async function sweep(): Promise<void> {
    lastFullSweep = options.clock.now();
    const top = await entries(root);
    await Promise.all(top.filter((e) => e.isFile && expired(e)).map((e) => rm(e.path, { force: true })));
    usage.clear();
    await Promise.all(top.filter((e) => !e.isFile).map((e) => sweepDir(e.path)));
  }

  /** The bytes the user's uploads hold, as known; sweeps everything now and then. */
  async function used(userId: number): Promise<number> {
    if (options.clock.now() - lastFullSweep >= FULL_SWEEP_EVERY_MS) await sweep();
    return usage.get(userId) ?? recount(userId);
  }

  return {
    quotaBytes: options.quotaBytes,
    dirOf,
    sweep,
    /** The user's folder, made when missing, ready for a write. */
    async prepare(userId: number): Promise<string> {
      const dir = dirOf(userId);
      await mkdir(dir, { recursive: true });
      return dir;
    },
    /** The bytes the user may still add; 413 when nothing is left. */
    async room(userId: number): Promise<number> {
      let bytes = await used(userId);
      if (bytes >= options.quotaBytes) bytes = await recount(userId);
      if (bytes >= options.quotaBytes) throw full();
      return options.quotaBytes - bytes;
    },
    /**
     * After a write: stamp the new files with the API clock and count them; when the user is then
     * over the quota the new files are removed again and the call is refused (413), unless
     * `refuse` is false (a burst that took pages out of its source cannot be undone).
     */
    async settle(userId: number, written: string[], refuse = true): Promise<void> {
      const at = new Date(options.clock.now());
      // a file removed meanwhile is not counted below either
      await Promise.all(written.map((p) => utimes(p, at, at).catch(() => undefined)));
      const sizes = await Promise.all(
        written.map((p) =>
          stat(p).then(
            (s) => s.size,
            () => 0,
          ),
        ),
      );
      if (options.clock.now() - lastFullSweep >= FULL_SWEEP_EVERY_MS) await sweep();
      // a count made now already holds the new files
      const known = usage.get(userId);
      let bytes = known === undefined ? await recount(userId) : known + sizes.reduce((a, b) => a + b, 0);
      usage.set(userId, bytes);
      if (!refuse) return;
      if (bytes > options.quotaBytes) bytes = await recount(userId);
      if (bytes > options.quotaBytes) {
        await Promise.all(written.map((p) => rm(p, { force: true })));
        await recount(userId);
        throw full();
      }
    },
    /** The caller's own cache file of that name (a plain name, checked); 404 otherwise. */
    file(userId: number, name: string): Promise<string> {
      return existingFile(dirOf(userId), name);
    },
  };
}
export type UploadCache = ReturnType<typeof createUploadCache>;
