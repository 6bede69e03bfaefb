// What the bulk routes and engines share: the helper's data folder, where the API is, the
// credentials a job signs in with when the client gives no token, the job store and batch size.
import { BULK_BATCH_SIZE, BULK_FOLDERS } from '@gs/contract/helperBulk';
import { join } from 'node:path';
import type { ApiCredentials } from './api';
import { JobStore } from './jobs';
import { insideData, shownPath } from './paths';
import type { BulkErrorKeyName } from '@gs/contract/helperBulk';

export interface BulkOptions {
  /** the helper's data folder for CSVs, logs and exports */
  dataDir: string;
  /** the Square9API address, e.g. http://localhost:8080/Square9API/ */
  apiPath: () => string;
  credentials?: ApiCredentials;
  /** documents per API call (default BULK_BATCH_SIZE) */
  batchSize?: number;
}

export interface BulkContext {
  root: string;
  apiPath: () => string;
  credentials?: ApiCredentials;
  batchSize: number;
  jobs: JobStore;
  /** an absolute path inside the data folder */
  path(given: string, formatKey: BulkErrorKeyName): string;
  shown(abs: string): string;
  /** the error log of a job: the one asked for, or logs/{kind}-{id}.log */
  logFile(
    asked: string | undefined,
    kind: string,
    formatKey: BulkErrorKeyName,
  ): (id: string) => { abs: string; shown: string };
}

export function bulkContext(o: BulkOptions): BulkContext {
  const root = o.dataDir;
  const path = (given: string, key: BulkErrorKeyName) => insideData(root, given, key);
  const shown = (abs: string) => shownPath(root, abs);
  return {
    root,
    apiPath: o.apiPath,
    credentials: o.credentials,
    batchSize: o.batchSize ?? BULK_BATCH_SIZE,
    jobs: new JobStore(),
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
}
