import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HELPER_PACKAGES, HELPER_VERSION, type HelperTestResponse } from '@gs/contract/helper';
import { compareVersions, HelperError, type HelperClient } from '../../api/helper';
import { createHelperMonitor, runInstallFlow, type HelperStatus } from './helperMonitor';

const answer = (Version = HELPER_VERSION): HelperTestResponse => ({
  Version,
  Mode: 'GlobalSearch',
  ApiPath: 'http://localhost/Square9API/',
});
const unreachable = () => Promise.reject(new HelperError('unreachable', 0, null));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('compareVersions', () => {
  it('compares dotted versions part by part', () => {
    expect(compareVersions('3.2.0.12', '3.0.0.0')).toBeGreaterThan(0);
    expect(compareVersions('2.9.9.9', '3.0.0.0')).toBeLessThan(0);
    expect(compareVersions('3.0', '3.0.0.0')).toBe(0);
    expect(compareVersions('3.10.0.0', '3.9.0.0')).toBeGreaterThan(0);
  });
});

describe('helper detection', () => {
  it('pings at once, then every interval, and reports only changes', async () => {
    const replies: (() => Promise<HelperTestResponse>)[] = [
      unreachable,
      unreachable,
      () => Promise.resolve(answer()),
      () => Promise.resolve(answer()),
    ];
    const ping = vi.fn(() => (replies.shift() ?? (() => Promise.resolve(answer())))());
    const seen: HelperStatus[] = [];
    const monitor = createHelperMonitor({ ping, intervalMs: 5000, onChange: (s) => seen.push(s) });

    await vi.advanceTimersByTimeAsync(0);
    expect(ping).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([{ state: 'unreachable' }]);

    await vi.advanceTimersByTimeAsync(4999);
    expect(ping).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(ping).toHaveBeenCalledTimes(2);
    expect(seen).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(5000);
    expect(seen.at(-1)).toEqual({ state: 'connected', info: answer() });
    await vi.advanceTimersByTimeAsync(5000);
    expect(ping).toHaveBeenCalledTimes(4);
    expect(seen).toHaveLength(2);

    monitor.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ping).toHaveBeenCalledTimes(4);
  });

  it('reports a helper older than the minimum as the wrong version', async () => {
    const seen: HelperStatus[] = [];
    const monitor = createHelperMonitor({
      ping: () => Promise.resolve(answer('2.5.0.1')),
      intervalMs: 5000,
      onChange: (s) => seen.push(s),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([{ state: 'wrongVersion', info: answer('2.5.0.1') }]);
    monitor.stop();
  });
});

function fakeManagement(options: { upAfter: number; installed: string[] }) {
  let calls = 0;
  const installed = new Set(options.installed);
  const packages = () =>
    HELPER_PACKAGES.map((AppName) => ({
      AppName,
      Installed: installed.has(AppName),
      Version: HELPER_VERSION,
    }));
  const client = {
    test: vi.fn(() => (++calls > options.upAfter ? Promise.resolve(answer()) : unreachable())),
    checkPackages: vi.fn(() => Promise.resolve(packages())),
    install: vi.fn((names: string[]) => {
      for (const n of names) installed.add(n);
      return Promise.resolve(packages());
    }),
  };
  return client as typeof client & HelperClient;
}

describe('install flow', () => {
  it('polls until the helper answers, installs the scan package and reloads', async () => {
    const client = fakeManagement({ upAfter: 2, installed: ['Launch'] });
    const reload = vi.fn();
    const steps: string[] = [];
    const done = runInstallFlow({ client, pollMs: 5000, reload, onStep: (s) => steps.push(s) });

    await vi.advanceTimersByTimeAsync(0);
    expect(client.test).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(client.test).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5000);
    await done;

    expect(client.test).toHaveBeenCalledTimes(3);
    expect(client.install).toHaveBeenCalledWith(['Scanning'], undefined);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(steps).toEqual(['waiting', 'installing', 'reloading']);
  });

  it('does not install again what is installed', async () => {
    const client = fakeManagement({ upAfter: 0, installed: ['Scanning'] });
    const reload = vi.fn();
    await runInstallFlow({ client, pollMs: 5000, reload });
    expect(client.install).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stops polling when cancelled', async () => {
    const client = fakeManagement({ upAfter: 99, installed: [] });
    const controller = new AbortController();
    const done = runInstallFlow({ client, pollMs: 5000, reload: vi.fn(), signal: controller.signal });
    const settled = expect(done).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await settled;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(client.test).toHaveBeenCalledTimes(1);
  });
});
