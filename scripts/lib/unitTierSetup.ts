// Setup file of the unit projects (vitest.config.ts): no test of the unit tier starts a process.
import { refuseChildProcesses } from './unitTier';

refuseChildProcesses();
