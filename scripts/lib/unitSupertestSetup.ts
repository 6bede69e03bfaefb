// Setup file of the simulator's unit project (vitest.config.ts): the servers supertestServers.ts
// started for the test's apps close when the test ends, with their kept-alive connections.
import { afterEach } from 'vitest';
import { closeServers } from './supertestServers';

afterEach(closeServers);
