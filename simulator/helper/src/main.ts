// Runs the Extensions helper alone: `tsx simulator/helper/src/main.ts`. The variables (PORT of the
// API, HELPER_HTTP_PORT, HELPER_HTTPS_PORT, DATA_DIR, HELPER_API_PATH, HELPER_USER / HELPER_PASSWORD
// for the tray sign-in at start, HELPER_TEST_ENDPOINTS, CORS_ORIGINS, HELPER_HOSTS, UPLOAD_QUOTA_MB,
// UPLOAD_CACHE_HOURS): docs/configuration.md, parsed once here (decision 060).
import { helperApiPath, helperCorsOrigins } from '@gs/simulator-config/derived';
import { loadConfig } from '@gs/simulator-config/load';
import { startHelper } from './server';
import { uploadLimits } from './bulk/uploads';

const config = loadConfig(process.env);
const helper = await startHelper({
  dataDir: config.DATA_DIR,
  httpPort: config.HELPER_HTTP_PORT,
  httpsPort: config.HELPER_HTTPS_PORT,
  apiPath: helperApiPath(config),
  testEndpoints: config.HELPER_TEST_ENDPOINTS,
  // '*' opens the API only; the helper keeps to the origins npm start serves
  allowedOrigins: helperCorsOrigins(config),
  allowedHosts: config.HELPER_HOSTS,
  signIn: { user: config.HELPER_USER, password: config.HELPER_PASSWORD },
  uploads: uploadLimits(config.UPLOAD_QUOTA_MB, config.UPLOAD_CACHE_HOURS),
});
console.log(`GlobalSearch Extensions helper on ${helper.httpUrl} and ${helper.httpsUrl}`);
const stop = () => void helper.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
