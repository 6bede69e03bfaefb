// The simulator's express app: Square9API under /Square9API/api/ (any casing), /config.json,
// the optional test endpoints and the optional built client with its SPA fallback.
import express, { Router, type Express } from 'express';
import { API_ROOT } from '@gs/contract/paths';
import { notFoundMessage } from '@gs/contract/errors';
import type { Clock } from './clock';
import { makeApiConfig, type ApiConfigOptions } from './config';
import type { Db } from './db/connection';
import { createRepos } from './db/repos';
import { serverSecret } from './security/repos/secureIds';
import type { FilesOptions, RouteDeps } from './deps';
import { createApiFront } from './http/apiFront';
import { createAuth } from './http/auth';
import { apiNotFound, errorHandler, requestUri } from './http/errors';
import { apiHeaders } from './http/headers';
import { noSniff } from './http/securityHeaders';
import { createStaticClient } from './http/staticClient';
import { createLicensing } from './licensing/services/licensing';
import { createPdfConverter, type PdfConverter } from './pdf/services/pdfConversion';
import { createUploadCache, type UploadCache } from './upload/services/uploadCache';
import { createAdminRouter } from './security/routes/admin';
import { createAdminArchivesRouter } from './adminCatalog/routes/adminArchives';
import { createAdminDatabasesRouter } from './adminCatalog/routes/adminDatabases';
import { createAdminMailRouter } from './adminServer/routes/adminMail';
import { createAdminPasswordPolicyRouter } from './security/routes/adminPasswordPolicy';
import { createAdminServerRouter } from './adminServer/routes/adminServer';
import { createAdminCatalogRouter } from './adminCatalog/routes/adminCatalog';
import { createAdminPackagesRouter } from './packages/routes/adminPackages';
import { createUserAdminPrincipalsRouter } from './security/routes/userAdminPrincipals';
import { createUserAdminRightsRouter } from './security/routes/userAdminRights';
import { createArchivesRouter } from './catalog/routes/archives';
import { createAuditRouter } from './documents/routes/audit';
import { createCaptureRouter, captureMount } from './capture/routes/capture';
import { createConfigRouter } from './http/config';
import { createDatabasesRouter } from './catalog/routes/databases';
import { createFieldDataRouter } from './fields/routes/fieldData';
import { createIndexesRouter } from './fields/routes/indexes';
import { createLicenseManagerRouter } from './licensing/routes/licenseManager';
import { createLicensesRouter } from './licensing/routes/licenses';
import { createListsRouter } from './lists/routes/lists';
import { createSearchesRouter } from './search/routes/searches';
import { createSearchDocumentsRouter } from './search/routes/searchDocuments';
import { createDocumentsRouter } from './documents/routes/documents';
import { createDocumentFilesRouter } from './documents/routes/documentFiles';
import { createAnnotationsRouter } from './viewer/routes/annotations';
import { createDocumentOpsRouter } from './documents/routes/documentOps';
import { createDocumentMergeRouter } from './documents/routes/documentMerge';
import { createViewerPagesRouter } from './viewer/routes/viewerPages';
import { createViewerSessionsRouter } from './viewer/routes/viewerSessions';
import { ensureAllSearchSchemas } from './search/repos/docSearchSchema';
import { inProcessReads, type SearchReads } from './search/services/searchReads';
import { createListQueries } from './lists/services/listQueries';
import { createListQueryPool, type ListQueryPool } from './lists/services/listQueryPool';
import { createSimRouter } from './sim/routes/sim';
import { createUploadRouter } from './upload/routes/upload';
import { createUploadPagesRouter } from './upload/routes/uploadPages';
import { createUploadUrlRouter } from './upload/routes/uploadUrl';
import { createInboxesRouter } from './inboxes/routes/inboxes';
import { createImportRouter } from './documents/routes/importDocuments';
import { createBulkApi } from './bulk/routes/bulkApi';
import { createUserActionsRouter } from './workflow/routes/userActions';
import { createWorkflowDesignerRouter } from './workflow/routes/workflowDesigner';
import { createWorkflowRunsRouter } from './workflow/routes/workflowRuns';
import { createWorkflowTasksRouter } from './workflow/routes/workflowTasks';
import { createAccountRouter } from './security/routes/account';
import { createAnalyticsRouter } from './analytics/routes/analytics';
import { ANALYTICS_MOUNT } from '@gs/contract/analytics';
import { createDelegateRouter } from './security/routes/delegate';

export interface AppOptions {
  db: Db;
  clock: Clock;
  files: FilesOptions;
  config?: ApiConfigOptions;
  /** the built client, served at / with an SPA fallback */
  clientDir?: string;
  /** mount /__sim (seats, licences, clock) */
  testEndpoints?: boolean;
  /** where searches read (decision 038); default: on this thread, on `db` */
  searchReads?: SearchReads;
  /** where `[SQL]` list queries run (decision 044); default: processes started on `db`, never closed */
  listQueryPool?: ListQueryPool;
}

/** Express matches mount paths case-insensitively, so this also serves /square9api/api/ etc. */
const API_MOUNT = API_ROOT.replace(/\/$/, '');

function createApiRouter(deps: RouteDeps, db: Db): Router {
  const api = Router();
  // bodies were read by the front (http/apiFront.ts), after the credentials
  api.use(apiHeaders(deps.config.corsOrigins));
  api.use(createLicensesRouter(deps));
  api.use(createLicenseManagerRouter(deps));
  api.use(createAdminRouter(deps));
  api.use(createDatabasesRouter(deps));
  api.use(createArchivesRouter(deps));
  api.use(createSearchDocumentsRouter(deps));
  api.use(createWorkflowTasksRouter(deps));
  api.use(createSearchesRouter(deps));
  api.use(createDocumentsRouter(deps));
  api.use(createDocumentFilesRouter(deps));
  api.use(createAnnotationsRouter(deps));
  api.use(createDocumentOpsRouter(deps));
  api.use(createDocumentMergeRouter(deps));
  api.use(createViewerSessionsRouter(deps));
  api.use(createViewerPagesRouter(deps));
  api.use(createListsRouter(deps));
  api.use(createIndexesRouter(deps));
  api.use(createFieldDataRouter(deps));
  api.use(createAuditRouter(deps));
  api.use(createUploadRouter(deps));
  api.use(createUploadPagesRouter(deps));
  api.use(createUploadUrlRouter(deps));
  api.use(createInboxesRouter(deps));
  // after the audit router, which takes POST dbs/{db}/archives/{a} only with documentID
  api.use(createImportRouter(deps));
  api.use(createUserActionsRouter(deps));
  api.use(createWorkflowDesignerRouter(deps));
  api.use(createWorkflowRunsRouter(deps));
  api.use(createAccountRouter(deps));
  api.use(createDelegateRouter(deps));
  api.use(createAdminDatabasesRouter(deps));
  api.use(createAdminArchivesRouter(deps));
  api.use(createAdminMailRouter(deps));
  api.use(createAdminPasswordPolicyRouter(deps, db));
  api.use(createAdminServerRouter(deps));
  api.use(createAdminCatalogRouter(deps, db));
  api.use(createAdminPackagesRouter(deps, db));
  api.use(createUserAdminPrincipalsRouter(deps));
  api.use(createUserAdminRightsRouter(deps));
  api.use(apiNotFound);
  api.use(errorHandler);
  return api;
}

/** The app and the background PDF converter its server polls (startApi); tests drive it by hand. */
export interface Simulator {
  app: Express;
  /** what the routers were built from (a training room's trainer page reads the live ones) */
  deps: RouteDeps;
  pdfConverter: PdfConverter;
  /** swept by its server on a timer (startApi) */
  uploads: UploadCache;
}

export function createApp(options: AppOptions): Express {
  return createSimulator(options).app;
}

let sharedListQueryPool: ListQueryPool | undefined;

/** List queries (decision 044) on the given pool; else on processes that read the database's file,
 * or for an in-memory database (tests), on one pool shared by every app, sent a snapshot each time. */
function listQueriesOn(db: Db, pool: ListQueryPool | undefined, timeLimitMs: number) {
  if (!db.memory) return createListQueries(pool ?? createListQueryPool(db.name), timeLimitMs);
  sharedListQueryPool ??= createListQueryPool(undefined);
  return createListQueries(pool ?? sharedListQueryPool, timeLimitMs, () => db.serialize());
}

export function createSimulator(options: AppOptions): Simulator {
  const { db, clock, files } = options;
  const config = makeApiConfig(options.config);
  // data folders seeded before the search structures existed get them (a no-op otherwise)
  ensureAllSearchSchemas(db);
  const repos = createRepos(db);
  const licensing = createLicensing(
    repos.licenses,
    clock,
    config.licenseIdleMinutes,
    repos.adminServer.licenseRules,
  );
  const auth = createAuth(repos.users, licensing, clock, config.loginBackoff, config.unknownUserCheckCost);
  const deps: RouteDeps = {
    repos,
    clock,
    config,
    files,
    licensing,
    auth,
    uploads: createUploadCache({
      dataDir: files.dataDir,
      clock,
      quotaBytes: config.uploadQuotaBytes,
      maxAgeMs: config.uploadCacheMs,
    }),
    secret: db.transaction(() => serverSecret(db))(),
    searchReads: options.searchReads ?? inProcessReads(repos),
    listQueries: listQueriesOn(db, options.listQueryPool, config.listQueryMs),
  };
  const pdfConverter = createPdfConverter({
    repos,
    clock,
    dataDir: files.dataDir,
    delayMs: config.pdfConvertDelayMs,
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(noSniff);
  app.use(createConfigRouter(deps));
  app.use(API_MOUNT, createApiFront(auth, config.corsOrigins));
  app.use(API_MOUNT, createBulkApi(deps, db));
  app.use(API_MOUNT, createApiRouter(deps, db));
  app.use(captureMount(config.client.captureBase), createCaptureRouter(deps));
  app.use(ANALYTICS_MOUNT, createAnalyticsRouter(deps, db));
  if (options.testEndpoints)
    app.use('/__sim', express.json({ strict: false }), createSimRouter(deps, db, pdfConverter));
  if (options.clientDir) app.use(createStaticClient(options.clientDir, config.client));
  app.use((req, res) => {
    res.status(404).json({ Message: notFoundMessage(requestUri(req)) });
  });
  app.use(errorHandler);
  return { app, deps, pdfConverter, uploads: deps.uploads };
}
