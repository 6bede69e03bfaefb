// Runs the Extensions helper alone: `tsx simulator/helper/src/main.ts`.
// Env: HELPER_HTTP_PORT (9080), HELPER_HTTPS_PORT (9443), DATA_DIR (./data), PORT of the API (8080),
// HELPER_USER / HELPER_PASSWORD (SSAdministrator / Demo@1234), HELPER_TEST_ENDPOINTS=1 for the
// scan test endpoint.
import { startHelper } from './server';

const env = process.env;
const helper = await startHelper({
  dataDir: env.DATA_DIR ?? './data',
  httpPort: Number(env.HELPER_HTTP_PORT ?? 9080),
  httpsPort: Number(env.HELPER_HTTPS_PORT ?? 9443),
  apiPath: env.HELPER_API_PATH ?? `http://localhost:${env.PORT ?? 8080}/Square9API/`,
  testEndpoints: env.HELPER_TEST_ENDPOINTS === '1',
  signIn: { user: env.HELPER_USER ?? 'SSAdministrator', password: env.HELPER_PASSWORD ?? 'Demo@1234' },
});
console.log(`GlobalSearch Extensions helper on ${helper.httpUrl} and ${helper.httpsUrl}`);
const stop = () => void helper.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
