// What the browser uploads into the helper (`uploads/` of each user's folder) is held to the
// API's rules for its upload cache (decision 010, here decision 047): one user's uploads hold at
// most `quotaBytes` together (UPLOAD_QUOTA_MB; 413 past it: before the body is read when nothing
// is left, while it arrives when the file is larger than the room left, and after it arrived when
// another upload took the room meanwhile, the file then removed again), and an upload not written
// for `maxAgeMs` (UPLOAD_CACHE_HOURS) is removed: the user's folder at each upload, every user's
// at most once a minute on an upload, and every ten minutes by the running helper (server.ts).
// A user uploads one CSV at a time, so the folder is simply counted at each upload.
import { mkdir, readdir, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { BULK_FOLDERS } from '@gs/contract/helperBulk';
import { DEFAULT_UPLOAD_CACHE_HOURS, DEFAULT_UPLOAD_QUOTA_MB } from '@gs/simulator-config/variables';
import { HelperError } from '../errors';

const MIB = 1024 * 1024;
/** How often an upload also sweeps the other users' folders. */
const FULL_SWEEP_EVERY_MS = 60_000;

const mib = (bytes: number): string => `${Math.round((bytes / MIB) * 10) / 10} MiB`;

export const uploadMessages = {
  quota: (quota: number) =>
    `Your uploads to GlobalSearch Extensions are full (the limit is ${mib(quota)}): use them or wait for them to expire.`,
};

export interface UploadLimits {
  /** what one user's uploads may hold together */
  quotaBytes: number;
  /** an upload not written for this long is removed */
  maxAgeMs: number;
  /** the clock (tests move it); default Date.now */
  now?: () => number;
}

/** The limits of UPLOAD_QUOTA_MB and UPLOAD_CACHE_HOURS (the API's variables, parsed by the
 * entry point: @gs/simulator-config, decision 060); without them the defaults. */
export function uploadLimits(
  quotaMb = DEFAULT_UPLOAD_QUOTA_MB,
  cacheHours = DEFAULT_UPLOAD_CACHE_HOURS,
): UploadLimits {
  return { quotaBytes: quotaMb * MIB, maxAgeMs: cacheHours * 3_600_000 };
}

interface Entry {
  path: string;
  size: number;
  mtimeMs: number;
  isFile: boolean;
}

async function entries(dir: string): Promise<Entry[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const all = await Promise.all(
    names.map(async (name) => {
      const path = join(dir, name);
      const s = await stat(path).catch(() => undefined);
      return s && { path, size: s.size, mtimeMs: s.mtimeMs, isFile: s.isFile() };
    }),
  );
  return all.filter((e): e is Entry => !!e);
}

/** `usersDir`: the folder of the users' folders (each upload is in `<user>/uploads/`). */
export function createUploadStore(usersDir: string, limits: UploadLimits) {
  const now = limits.now ?? Date.now;
  let lastFullSweep = Number.NEGATIVE_INFINITY;
  const full = (): HelperError => new HelperError(413, uploadMessages.quota(limits.quotaBytes));
  const expired = (e: Entry): boolean => e.mtimeMs < now() - limits.maxAgeMs;

  /** Removes the expired uploads of one user's folder; the bytes of those left. */
  async function sweepUser(root: string): Promise<number> {
    const files = (await entries(join(root, BULK_FOLDERS.uploads))).filter((e) => e.isFile);
    await Promise.all(files.filter(expired).map((e) => rm(e.path, { force: true })));
    return files.filter((e) => !expired(e)).reduce((sum, e) => sum + e.size, 0);
  }

  /** Every user's expired uploads. */
  async function sweep(): Promise<void> {
    lastFullSweep = now();
    const users = (await entries(usersDir)).filter((e) => !e.isFile);
    await Promise.all(users.map((u) => sweepUser(u.path)));
  }

  async function used(root: string): Promise<number> {
    if (now() - lastFullSweep >= FULL_SWEEP_EVERY_MS) await sweep();
    return sweepUser(root);
  }

  return {
    quotaBytes: limits.quotaBytes,
    sweep,
    /** The user's uploads folder, made when missing. */
    async prepare(root: string): Promise<string> {
      const dir = join(root, BULK_FOLDERS.uploads);
      await mkdir(dir, { recursive: true });
      return dir;
    },
    /** The bytes the user (folder `root`) may still upload; 413 when nothing is left. */
    async room(root: string): Promise<number> {
      const bytes = await used(root);
      if (bytes >= limits.quotaBytes) throw full();
      return limits.quotaBytes - bytes;
    },
    /** After an upload: stamp it with the clock; past the quota it is removed again (413). */
    async settle(root: string, written: string): Promise<void> {
      const at = new Date(now());
      await utimes(written, at, at);
      if ((await used(root)) > limits.quotaBytes) {
        await rm(written, { force: true });
        throw full();
      }
    },
    /** That the quota, not the largest upload, is what bounds this file. */
    refusal: full,
  };
}
export type UploadStore = ReturnType<typeof createUploadStore>;
