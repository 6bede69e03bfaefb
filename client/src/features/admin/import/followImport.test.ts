import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportLog } from '@gs/contract/admin/packages';
import type { Http } from '../../../api/http';
import { followImport } from './followImport';

const log = (Status: ImportLog['Status']): ImportLog => ({
  LogId: 'L1',
  Guid: 'G1',
  Status,
  LogText: '',
  ImportError: '',
  Filename: 'FIN.gs',
  DisplayName: 'SSAdministrator',
  DatabaseName: 'Copy',
  DatabaseID: 9,
  Started: '/Date(0)/',
});

afterEach(() => {
  vi.useRealTimers();
});

describe('following an import (admin-spec §4, §9)', () => {
  it('reads the log every second until it ends and sends a keep-alive every 45 s meanwhile', async () => {
    vi.useFakeTimers();
    let reads = 0;
    const paths: string[] = [];
    const http: Http = {
      url: (p) => p,
      request: <T>(path: string): Promise<T> => {
        paths.push(path);
        if (path.startsWith('admin/FullAdminLog'))
          return Promise.resolve(log(++reads > 100 ? 'Completed' : 'Running') as T);
        return Promise.resolve({} as T);
      },
    };
    const done = followImport(http, 'L1');
    await vi.advanceTimersByTimeAsync(44_000);
    expect(paths.filter((p) => p === 'admin/FullAdminPackage')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(paths.filter((p) => p === 'admin/FullAdminPackage')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(45_000);
    expect(paths.filter((p) => p === 'admin/FullAdminPackage')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(20_000);
    expect((await done).Status).toBe('Completed');
    const keepAlives = paths.filter((p) => p === 'admin/FullAdminPackage').length;
    await vi.advanceTimersByTimeAsync(90_000);
    // none after the end
    expect(paths.filter((p) => p === 'admin/FullAdminPackage')).toHaveLength(keepAlives);
    expect(paths.filter((p) => p.startsWith('admin/FullAdminLog?logId=L1'))).toHaveLength(101);
  });
});

describe('leaving the wizard while an import runs', () => {
  it('stops reading the log and the keep-alive when its signal aborts', async () => {
    vi.useFakeTimers();
    const paths: string[] = [];
    const http: Http = {
      url: (p) => p,
      request: <T>(path: string): Promise<T> => {
        paths.push(path);
        return Promise.resolve((path.startsWith('admin/FullAdminLog') ? log('Running') : {}) as T);
      },
    };
    const controller = new AbortController();
    const done = followImport(http, 'L1', { signal: controller.signal });
    const stopped = expect(done).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(3_000);
    controller.abort();
    await stopped;
    const reads = paths.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(paths).toHaveLength(reads);
    expect(reads).toBe(4);
  });
});
