// Detection of the Extensions helper (spec §1, §7): ping `GET /api/Management/test` at once and
// then every 5 s; no answer means 'unreachable' (the extensions warning), an answer older than
// MIN_HELPER_VERSION means 'wrongVersion' (GSE_WRONG_VERSION). The install flow waits for the
// helper the same way, then makes sure the Scanning package is installed and reloads the page.
// Plain functions over injected timers, so the tests drive them with fake timers.
import { MIN_HELPER_VERSION, type HelperPackageName, type HelperTestResponse } from '@gs/contract/helper';
import { compareVersions, type HelperClient } from '../../api/helper';
import { sleep as defaultSleep } from './captureTimings';

export type HelperStatus =
  | { state: 'checking' }
  | { state: 'connected'; info: HelperTestResponse }
  | { state: 'wrongVersion'; info: HelperTestResponse }
  | { state: 'unreachable' };

export function classifyHelper(info: HelperTestResponse): HelperStatus {
  const version = typeof info?.Version === 'string' ? info.Version : '0';
  return compareVersions(version, MIN_HELPER_VERSION) < 0
    ? { state: 'wrongVersion', info }
    : { state: 'connected', info };
}

const sameStatus = (a: HelperStatus, b: HelperStatus) =>
  a.state === b.state && ('info' in a ? a.info.Version : '') === ('info' in b ? b.info.Version : '');

export interface HelperMonitor {
  stop(): void;
}

/**
 * Pings now and then `intervalMs` after each answer (never two pings at once); reports a status
 * only when it changes. Stopping cancels the ping in flight and the next one.
 */
export function createHelperMonitor(options: {
  ping: (signal: AbortSignal) => Promise<HelperTestResponse>;
  intervalMs: number;
  onChange: (status: HelperStatus) => void;
}): HelperMonitor {
  const controller = new AbortController();
  let current: HelperStatus = { state: 'checking' };
  let timer: ReturnType<typeof setTimeout> | undefined;

  const report = (next: HelperStatus) => {
    if (controller.signal.aborted || sameStatus(current, next)) return;
    current = next;
    options.onChange(next);
  };

  const tick = async () => {
    try {
      report(classifyHelper(await options.ping(controller.signal)));
    } catch {
      report({ state: 'unreachable' });
    }
    if (!controller.signal.aborted) timer = setTimeout(() => void tick(), options.intervalMs);
  };
  void tick();

  return {
    stop() {
      controller.abort();
      clearTimeout(timer);
    },
  };
}

export type InstallStep = 'waiting' | 'installing' | 'reloading';

/** The package the install flow puts in place (spec §1: "installs the scan package"). */
export const INSTALL_PACKAGE: HelperPackageName = 'Scanning';

/**
 * The install flow: every `pollMs` until the helper answers, then CheckPackages, Install the
 * Scanning package when it is missing, and reload. Rejects on an install error or abort.
 */
export async function runInstallFlow(options: {
  client: HelperClient;
  pollMs: number;
  reload: () => void;
  onStep?: (step: InstallStep) => void;
  signal?: AbortSignal;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}): Promise<void> {
  const { client, signal } = options;
  const wait = options.sleep ?? defaultSleep;
  options.onStep?.('waiting');
  for (;;) {
    try {
      await client.test(signal);
      break;
    } catch (error) {
      if (signal?.aborted) throw error;
    }
    await wait(options.pollMs, signal);
  }
  options.onStep?.('installing');
  const packages = await client.checkPackages(signal);
  if (!packages.some((p) => p.AppName === INSTALL_PACKAGE && p.Installed))
    await client.install([INSTALL_PACKAGE], signal);
  options.onStep?.('reloading');
  options.reload();
}
