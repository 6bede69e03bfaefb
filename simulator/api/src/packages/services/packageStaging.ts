// Each administrator's staged package on disk (decision 042; our design): the upload streams into
// `DATA_DIR/packages/staged/<user id>/upload-<uuid>.part`, is checked there (packageReader.ts),
// then renamed to `package.gs` beside `meta.json` (the uploaded name and when it was staged), so
// it survives a restart; a second upload replaces the first. A staged package expires
// STAGED_TTL_MS after it was staged: expired folders and stray parts are removed when the API
// starts and at every upload, and an expired package is no longer found. The read package (its
// JSON entries, never its document files) is kept in memory until replaced.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../../clock';
import type { Package } from './packageModel';
import { PackageError, readPackage } from './packageReader';

/** How long a staged package is kept: a day, ample for the wizard's steps. */
export const STAGED_TTL_MS = 24 * 60 * 60 * 1000;
const PACKAGE = 'package.gs';
const META = 'meta.json';
const PART = /^upload-.*\.part$/;

export interface Staged {
  filename: string;
  stagedAt: number;
  pkg: Package;
}

interface Meta {
  Filename: string;
  StagedAt: number;
}

export function createPackageStaging(dataDir: string, clock: Clock) {
  const root = join(dataDir, 'packages', 'staged');
  const cache = new Map<number, Staged>();
  const dirOf = (user: number) => join(root, String(user));
  const expired = (stagedAt: number) => clock.now() - stagedAt >= STAGED_TTL_MS;
  // a user's folder changes one step at a time (a commit and the sweep never interleave)
  const queues = new Map<number, Promise<unknown>>();
  const serial = <T>(user: number, step: () => Promise<T>): Promise<T> => {
    const next = (queues.get(user) ?? Promise.resolve()).then(step, step);
    // the step's failure is its caller's answer (`next`); the queue only waits for its end
    const settled = next.catch(() => undefined);
    queues.set(user, settled);
    void settled.then(() => {
      if (queues.get(user) === settled) queues.delete(user);
    });
    return next;
  };

  const readMeta = async (user: number): Promise<Meta | undefined> => {
    try {
      const meta = JSON.parse(await readFile(join(dirOf(user), META), 'utf8')) as Partial<Meta>;
      if (typeof meta.Filename !== 'string' || typeof meta.StagedAt !== 'number') return undefined;
      return { Filename: meta.Filename, StagedAt: meta.StagedAt };
      // no meta (nothing staged) or a torn one (an upload cut off): nothing staged
    } catch {
      return undefined;
    }
  };

  /** Remove expired staged packages and parts older than the rule (an upload cut off mid-way). */
  async function sweep(): Promise<void> {
    // no staging folder yet: nothing to sweep
    const users = await readdir(root).catch(() => [] as string[]);
    for (const name of users) {
      const user = Number(name);
      const dir = join(root, name);
      await serial(user, async () => {
        const meta = await readMeta(user);
        if (meta && expired(meta.StagedAt)) {
          cache.delete(user);
          await rm(join(dir, META), { force: true });
          await rm(join(dir, PACKAGE), { force: true });
        }
        // a folder or part removed meanwhile (a commit, another sweep) needs no sweeping
        for (const part of (await readdir(dir).catch(() => [] as string[])).filter((f) => PART.test(f))) {
          const info = await stat(join(dir, part)).catch(() => undefined);
          if (info && expired(info.mtimeMs)) await rm(join(dir, part), { force: true });
        }
      });
    }
  }

  return {
    sweep,
    /** The folder an upload of `user` streams into (created); every upload sweeps expired ones. */
    uploadDir(user: number): string {
      const dir = dirOf(user);
      mkdirSync(dir, { recursive: true });
      void sweep();
      return dir;
    },
    partName: (): string => `upload-${randomUUID()}.part`,
    /**
     * Check the uploaded part and stage it for `user` in place of the previous package; a part
     * that is no package is removed (PackageError) and the previous package stays.
     */
    async commit(user: number, part: string, filename: string): Promise<Staged> {
      let pkg: Package;
      try {
        pkg = await readPackage(part);
      } catch (e) {
        await rm(part, { force: true });
        throw e;
      }
      const dir = dirOf(user);
      const path = join(dir, PACKAGE);
      return serial(user, async () => {
        await rename(part, path);
        const meta: Meta = { Filename: filename, StagedAt: clock.now() };
        const metaPart = join(dir, `${META}.part`);
        await writeFile(metaPart, JSON.stringify(meta));
        await rename(metaPart, join(dir, META));
        const staged: Staged = { filename, stagedAt: meta.StagedAt, pkg: { ...pkg, path } };
        cache.set(user, staged);
        return staged;
      });
    },
    /** The caller's staged package, read again from disk after a restart; undefined once expired. */
    async get(user: number): Promise<Staged | undefined> {
      const known = cache.get(user);
      if (known && !expired(known.stagedAt)) return known;
      cache.delete(user);
      const meta = await readMeta(user);
      if (!meta || expired(meta.StagedAt)) return undefined;
      try {
        const staged = {
          filename: meta.Filename,
          stagedAt: meta.StagedAt,
          // its files were hashed when it was staged; the import hashes them again
          pkg: await readPackage(join(dirOf(user), PACKAGE), { files: false }),
        };
        cache.set(user, staged);
        return staged;
      } catch (e) {
        if (e instanceof PackageError) return undefined;
        throw e;
      }
    },
  };
}
export type PackageStaging = ReturnType<typeof createPackageStaging>;
