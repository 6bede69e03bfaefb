// Runs the Extensions helper alone: `tsx simulator/helper/src/main.ts`.
// Env: HELPER_HTTP_PORT (9080), HELPER_HTTPS_PORT (9443), DATA_DIR (./data), PORT of the API (8080),
// HELPER_USER / HELPER_PASSWORD (SSAdministrator / Demo@1234: the tray sign-in at start only),
// HELPER_TEST_ENDPOINTS=1 for the scan test endpoint, CORS_ORIGINS (comma-separated origins whose
// pages may call the helper; default http://localhost:$PORT and http://127.0.0.1:$PORT), HELPER_HOSTS
// (names besides localhost, 127.0.0.1 and [::1] the helper answers to, `name` or `name:port`),
// UPLOAD_QUOTA_MB and UPLOAD_CACHE_HOURS (the users' uploads, as the API's upload cache).
import { startHelper } from './server';
import { defaultOrigins, parseOrigins } from './cors';
import { parseHosts } from './hosts';

const env = process.env;
const origins = parseOrigins(env.CORS_ORIGINS, defaultOrigins(Number(env.PORT ?? 8080)));
const helper = await startHelper({
  dataDir: env.DATA_DIR ?? './data',
  httpPort: Number(env.HELPER_HTTP_PORT ?? 9080),
  httpsPort: Number(env.HELPER_HTTPS_PORT ?? 9443),
  apiPath: env.HELPER_API_PATH ?? `http://localhost:${env.PORT ?? 8080}/Square9API/`,
  testEndpoints: env.HELPER_TEST_ENDPOINTS === '1',
  // '*' opens the API only; the helper keeps to the origins npm start serves
  allowedOrigins: origins === '*' ? defaultOrigins(Number(env.PORT ?? 8080)) : origins,
  allowedHosts: parseHosts(env.HELPER_HOSTS),
  signIn: { user: env.HELPER_USER ?? 'SSAdministrator', password: env.HELPER_PASSWORD ?? 'Demo@1234' },
});
console.log(`GlobalSearch Extensions helper on ${helper.httpUrl} and ${helper.httpsUrl}`);
const stop = () => void helper.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
