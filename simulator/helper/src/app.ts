// The fake GlobalSearch Extensions tray helper: createHelperApp() builds the express app that the
// helper serves on its http and https ports. Browsers call it cross-origin from the web client.
import express, { type Express, type RequestHandler } from 'express';
import { managementRouter } from './routes/management';
import { launchRouter, type LaunchOptions } from './routes/launch';
import { scanRouter } from './routes/scan';
import { bulkRouter } from './routes/bulk';
import type { BulkOptions } from './bulk/context';
import { ScanService } from './scanner/service';
import { errorHandler } from './errors';
import type { HelperState } from './state';

export interface HelperAppOptions {
  state: HelperState;
  /** the scanner simulator; a default one (real clock) when absent */
  scanner?: ScanService;
  /** POST /api/scan/test/fault answers only when on (HELPER_TEST_ENDPOINTS=1) */
  testEndpoints?: boolean;
  /** email to the outbox; without it only the launch table and test answer */
  launch?: LaunchOptions;
  /** bulk update, import and export jobs; without it /api/bulk answers 404 */
  bulk?: BulkOptions;
}

const cors: RequestHandler = (req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,DELETE,OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', 'Content-Type,Auth-Token,Authorization');
  // Chromium's private network access preflight from a page on another host
  res.setHeader('Access-Control-Allow-Private-Network', 'true');
  res.setHeader('Cache-Control', 'no-cache');
  if (req.method === 'OPTIONS') {
    res.status(200).end();
    return;
  }
  next();
};

export function createHelperApp({ state, scanner, testEndpoints, launch, bulk }: HelperAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use(cors);
  // UpdateApi posts a bare JSON string, so strict mode is off
  app.use(express.json({ strict: false, limit: '1mb' }));
  app.use('/api/Management', managementRouter(state));
  app.use('/api/launch', launchRouter(launch));
  if (bulk) app.use('/api/bulk', bulkRouter(bulk));
  app.use(
    '/api/scan',
    scanRouter({ service: scanner ?? new ScanService(), testEndpoints: testEndpoints ?? false }),
  );
  app.use((req, res) => {
    res
      .status(404)
      .json({ Message: `No HTTP resource was found that matches the request URI '${req.originalUrl}'.` });
  });
  app.use(errorHandler);
  return app;
}
