// What the bulk routes and engines share: where the API is, the job store and batch size, and each
// user's own corner of the helper's data folder. A request works in `users/<folder>/` of its
// token's user (uploads, logs, exports, export profiles), and every path the client names is read
// inside that folder, so one user can never name another's files (decision 008).
import { BULK_BATCH_SIZE, BULK_FOLDERS } from '@gs/contract/helperBulk';
import { join } from 'node:path';
import { JobStore, type JobStoreOptions } from './jobs';
import { insideData, shownPath } from './paths';
import type { BulkErrorKeyName } from '@gs/contract/helperBulk';
import { userFolder, type HelperUser } from '../auth/users';
import { createUploadStore, uploadLimits, type UploadLimits, type UploadStore } from './uploads';

export interface BulkOptions {
  /** the helper's data folder; each user works in users/<name>/ of it */
  dataDir: string;
  /** the Square9API address, e.g. http://localhost:8080/Square9API/ */
  apiPath: () => string;
  /** documents per API call (default BULK_BATCH_SIZE) */
  batchSize?: number;
  /** the users' upload quota and expiry; default UPLOAD_QUOTA_MB and UPLOAD_CACHE_HOURS (uploads.ts) */
  uploads?: UploadLimits;
  /** how long an ended job is kept and the clock it is read on (default an hour, Date.now; jobs.ts) */
  jobs?: JobStoreOptions;
}

/** One user's view: paths resolve inside the user's folder. */
export interface BulkContext {
  /** the user's folder */
  root: string;
  apiPath: () => string;
  batchSize: number;
  /** an absolute path inside the user's folder */
  path(given: string, formatKey: BulkErrorKeyName): string;
  /** relative to the user's folder, with backslashes */
  shown(abs: string): string;
  /** the error log of a job: the one asked for, or logs/{kind}-{id}.log */
  logFile(
    asked: string | undefined,
    kind: string,
    formatKey: BulkErrorKeyName,
  ): (id: string) => { abs: string; shown: string };
}

export interface BulkShared {
  jobs: JobStore;
  uploads: UploadStore;
  forUser(user: HelperUser): BulkContext;
}

export const USERS_FOLDER = 'users';

export function userRoot(dataDir: string, user: HelperUser): string {
  return join(dataDir, USERS_FOLDER, userFolder(user.name));
}

/** The uploads of every user of the helper's data folder, held to `limits`. */
export const uploadStoreOf = (dataDir: string, limits: UploadLimits = uploadLimits()): UploadStore =>
  createUploadStore(join(dataDir, USERS_FOLDER), limits);

export function bulkContext(o: BulkOptions): BulkShared {
  const batchSize = o.batchSize ?? BULK_BATCH_SIZE;
  return {
    jobs: new JobStore(o.jobs),
    uploads: uploadStoreOf(o.dataDir, o.uploads),
    forUser(user) {
      const root = userRoot(o.dataDir, user);
      const path = (given: string, key: BulkErrorKeyName) => insideData(root, given, key);
      const shown = (abs: string) => shownPath(root, abs);
      return {
        root,
        apiPath: o.apiPath,
        batchSize,
        path,
        shown,
        logFile(asked, kind, key) {
          const fixed = asked && asked.trim() !== '' ? path(asked, key) : undefined;
          return (id) => {
            const abs = fixed ?? join(root, BULK_FOLDERS.logs, `${kind}-${id}.log`);
            return { abs, shown: shown(abs) };
          };
        },
      };
    },
  };
}
