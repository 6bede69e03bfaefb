// The fake GlobalSearch Extensions tray helper: createHelperApp() builds the express app that the
// helper serves on its http and https ports. Browsers call it cross-origin from the web client;
// only the allowed origins may read its answers (cors.ts), and every route that does a user's work
// needs that user's token (auth/users.ts, decision 008).
import express, { type Express } from 'express';
import { managementRouter } from './routes/management';
import { launchRouter, type LaunchOptions } from './routes/launch';
import { scanRouter } from './routes/scan';
import { bulkRouter } from './routes/bulk';
import type { BulkOptions } from './bulk/context';
import { ScanService } from './scanner/service';
import { consoleLog, errorHandler, type HelperLog } from './errors';
import type { HelperState } from './state';
import { helperCors, originAllowed } from './cors';
import { helperHosts } from './hosts';
import {
  httpAdminCheck,
  httpAuthorizer,
  requireUserOrClient,
  type AdminCheck,
  type Authorizer,
} from './auth/users';

export interface HelperAppOptions {
  state: HelperState;
  /** origins whose pages may read the helper's answers (CORS); others get no CORS header.
   *  Default none: only requests without an Origin (same machine, not a browser page) */
  allowedOrigins?: readonly string[];
  /** API addresses UpdateApi may switch to; default: the state's address at creation */
  apiTargets?: readonly string[];
  /** checks a user's token; default: `GET authorize?token=` on the state's current API */
  authorize?: Authorizer;
  /** whether a token's user administers all databases; default: `GET admin?function=isAdminAll` */
  isAdmin?: AdminCheck;
  /** Host names besides localhost, 127.0.0.1 and [::1] the helper answers to (HELPER_HOSTS;
   *  `name` or `name:port`); any other Host is 421 */
  allowedHosts?: readonly string[];
  /** the scanner simulator; a default one (real clock) when absent */
  scanner?: ScanService;
  /** POST /api/scan/test/fault answers only when on (HELPER_TEST_ENDPOINTS=1) */
  testEndpoints?: boolean;
  /** email to the outbox; without it only the launch table and test answer */
  launch?: LaunchOptions;
  /** bulk update, import and export jobs; without it /api/bulk answers 404 */
  bulk?: BulkOptions;
  /** where malformed requests (one line) and 5xx (with the stack) are logged */
  log?: HelperLog;
}

export function createHelperApp(options: HelperAppOptions): Express {
  const { state, scanner, testEndpoints, launch, bulk } = options;
  const authorize = options.authorize ?? httpAuthorizer(() => state.get().apiPath);
  const isAdmin = options.isAdmin ?? httpAdminCheck(() => state.get().apiPath);
  const origins = options.allowedOrigins ?? [];
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use(helperHosts(options.allowedHosts));
  app.use(helperCors(origins));
  // UpdateApi posts a bare JSON string, so strict mode is off
  app.use(express.json({ strict: false, limit: '1mb' }));
  app.use(
    '/api/Management',
    managementRouter({ state, authorize, apiTargets: options.apiTargets ?? [state.get().apiPath] }),
  );
  app.use('/api/launch', launchRouter({ authorize, isAdmin }, launch));
  if (bulk) app.use('/api/bulk', bulkRouter(bulk, authorize));
  app.use(
    '/api/scan',
    scanRouter({
      service: scanner ?? new ScanService(),
      testEndpoints: testEndpoints ?? false,
      guard: requireUserOrClient(authorize, originAllowed(origins)),
    }),
  );
  app.use((req, res) => {
    // the path only: a query may hold a token
    const uri = req.originalUrl.split('?')[0] ?? '';
    res.status(404).json({ Message: `No HTTP resource was found that matches the request URI '${uri}'.` });
  });
  app.use(errorHandler(options.log ?? consoleLog));
  return app;
}
