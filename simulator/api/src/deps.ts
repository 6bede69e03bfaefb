// What every router is built from: made once per app by createApp.
import type { Response } from 'express';
import type { Clock } from './clock';
import type { ApiConfig } from './config';
import type { Repos } from './db/repos';
import type { Auth } from './http/auth';
import { callerOf } from './http/auth';
import type { Licensing } from './licensing/services/licensing';
import type { ListQueries } from './lists/services/listQueries';
import type { SearchReads } from './search/services/searchReads';
import type { UploadCache } from './upload/services/uploadCache';
import { userAccess, type UserAccess } from './security/services/access';

export interface FilesOptions {
  /** document files live in `${dataDir}/files`, inboxes in `${dataDir}/inboxes` */
  dataDir: string;
}

export interface RouteDeps {
  repos: Repos;
  clock: Clock;
  config: ApiConfig;
  files: FilesOptions;
  licensing: Licensing;
  auth: Auth;
  /** the per-user upload cache (upload/services/uploadCache.ts) */
  uploads: UploadCache;
  /** the secret of secure ids (settings table) */
  secret: string;
  /** where search counts and pages are read: this thread, or worker threads (decision 038) */
  searchReads: SearchReads;
  /** where `[SQL]` list queries run: child processes with a time limit (decision 044) */
  listQueries: ListQueries;
}

/** The authenticated caller's rights (the route must run after auth.requireAuth). */
export const accessOf = (deps: RouteDeps, res: Response): UserAccess =>
  userAccess(deps.repos, callerOf(res).user);
