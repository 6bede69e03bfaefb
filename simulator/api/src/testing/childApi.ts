// A stand-alone API on a data folder, for tests that kill the server (SIGKILL) mid-job:
// `node --import tsx childApi.ts <dataDir>` listens on a free port and prints `PORT <n>` on stdout.
import { startApi } from '../server';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: childApi.ts <dataDir>');
const api = await startApi({ port: 0, host: '127.0.0.1', dataDir });
process.stdout.write(`PORT ${api.port}\n`);
