import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SCAN_CHUNK_SIZE,
  SCAN_FIRST_POLL_MS,
  SCAN_POLL_INTERVAL_MS,
  SCAN_CHUNK_INTERVAL_MS,
  type ScanFault,
  type ScanStatusResponse,
} from '@gs/contract/helper';
import { HelperError } from '../../api/helper';
import { runScan, ScanFailure, type ScanClient, type ScanPhase } from './scanFlow';

const timings = {
  scanFirstPollMs: SCAN_FIRST_POLL_MS,
  scanPollMs: SCAN_POLL_INTERVAL_MS,
  chunkIntervalMs: SCAN_CHUNK_INTERVAL_MS,
};

/**
 * An in-memory Extensions scanner: a job scans one page per status poll until it has `pages`;
 * a fault ends it the way the helper reports it; a merged file holds `size` bytes of each job's
 * number per job, in the order merged.
 */
function fakeHelper(options: { pages?: number; fault?: ScanFault; size?: number } = {}) {
  const jobs = new Map<string, { polls: number }>();
  const pages = options.pages ?? 3;
  const size = options.size ?? 100;
  const status = (jobId: string): ScanStatusResponse => {
    const job = jobs.get(jobId)!;
    if (options.fault === 'ScannerInUse')
      return { Status: 'ScannerInUse', PagesScanned: 0, Message: 'in use', Fault: 'ScannerInUse' };
    const scanned = Math.min(pages, job.polls);
    if (scanned < pages) return { Status: 'Scanning', PagesScanned: scanned, Message: '' };
    if (options.fault === 'Cancelled')
      return { Status: 'Cancelled', PagesScanned: scanned, Message: 'The scan was cancelled by the user.' };
    if (options.fault) return { Status: 'Error', PagesScanned: scanned, Message: 'Paper jam.' };
    return { Status: 'Completed', PagesScanned: scanned, Message: 'done' };
  };
  // a merged file: each job's `size` bytes filled with its job number, in the order merged
  const files = new Map<string, Uint8Array>();
  const store = (jobIds: string[]) => {
    const bytes = new Uint8Array(size * jobIds.length);
    jobIds.forEach((id, i) => bytes.fill(Number(id), i * size, (i + 1) * size));
    const Name = `scan-${jobIds.join('-')}.tif`;
    files.set(Name, bytes);
    return {
      Name,
      Size: bytes.length,
      Pages: pages * jobIds.length,
      ContentType: 'image/tiff',
      ChunkSize: SCAN_CHUNK_SIZE,
      ChunkCount: Math.max(1, Math.ceil(bytes.length / SCAN_CHUNK_SIZE)),
    };
  };
  const client = {
    createSession: vi.fn(() => Promise.resolve({ SessionID: 's1', Timeout: 3600 })),
    endSession: vi.fn(() => Promise.resolve()),
    createJob: vi.fn(() => {
      const JobID = String(jobs.size + 1);
      jobs.set(JobID, { polls: 0 });
      return Promise.resolve({ JobID, Scanner: 'Fujitsu', Format: 'tiff' as const, Pages: pages });
    }),
    startJob: vi.fn((_s: string, jobId: string) => Promise.resolve(status(jobId))),
    jobStatus: vi.fn((_s: string, jobId: string) => {
      jobs.get(jobId)!.polls++;
      return Promise.resolve(status(jobId));
    }),
    merge: vi.fn((_s: string, jobId: string) => Promise.resolve({ Files: [store([jobId])] })),
    mergeSession: vi.fn((_s: string, jobIds: string[]) => Promise.resolve({ Files: [store(jobIds)] })),
    chunk: vi.fn((_s: string, name: string, index: number) => {
      const bytes = files.get(name)!;
      const start = index * SCAN_CHUNK_SIZE;
      return Promise.resolve({
        bytes: bytes.slice(start, start + SCAN_CHUNK_SIZE).buffer,
        totalSize: bytes.length,
        chunkCount: Math.max(1, Math.ceil(bytes.length / SCAN_CHUNK_SIZE)),
      });
    }),
  };
  return client satisfies ScanClient;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('runScan', () => {
  it('polls first after 5 s and then every 3 s, then merges and fetches the file', async () => {
    const helper = fakeHelper({ pages: 3 });
    const phases: ScanPhase[] = [];
    const askContinue = vi.fn(() => Promise.resolve(false));
    const done = runScan({ client: helper, job: {}, timings, askContinue, onPhase: (p) => phases.push(p) });

    await vi.advanceTimersByTimeAsync(SCAN_FIRST_POLL_MS - 1);
    expect(helper.startJob).toHaveBeenCalledTimes(1);
    expect(helper.jobStatus).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(helper.jobStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SCAN_POLL_INTERVAL_MS);
    expect(helper.jobStatus).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(SCAN_POLL_INTERVAL_MS);
    const files = await done;

    expect(helper.jobStatus).toHaveBeenCalledTimes(3);
    expect(askContinue).toHaveBeenCalledWith(3);
    expect(files).toHaveLength(1);
    expect(files[0]?.name).toBe('scan-1.tif');
    expect(files[0]?.blob.size).toBe(100);
    expect(files[0]?.blob.type).toBe('image/tiff');
    expect(files[0]?.pages).toBe(3);
    expect(helper.merge).toHaveBeenCalledWith('s1', '1', undefined);
    expect(helper.mergeSession).not.toHaveBeenCalled();
    expect(phases).toContainEqual({ phase: 'scanning', pages: 2 });
    expect(phases.at(-1)).toEqual({ phase: 'downloading', loaded: 100, total: 100 });
    expect(helper.endSession).toHaveBeenCalledWith('s1');
  });

  it('fetches a large file in 1 MiB chunks, one per interval, reporting progress', async () => {
    const size = SCAN_CHUNK_SIZE * 2 + 10;
    const helper = fakeHelper({ pages: 1, size });
    const phases: ScanPhase[] = [];
    const done = runScan({
      client: helper,
      job: {},
      timings,
      askContinue: () => Promise.resolve(false),
      onPhase: (p) => phases.push(p),
    });
    await vi.advanceTimersByTimeAsync(SCAN_FIRST_POLL_MS);
    expect(helper.chunk).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SCAN_CHUNK_INTERVAL_MS - 1);
    expect(helper.chunk).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(helper.chunk).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(SCAN_CHUNK_INTERVAL_MS);
    const files = await done;
    expect(helper.chunk.mock.calls.map((c) => c[2])).toEqual([0, 1, 2]);
    expect(files[0]?.blob.size).toBe(size);
    const downloads = phases.filter((p) => p.phase === 'downloading');
    expect(downloads.map((p) => p.loaded)).toEqual([0, SCAN_CHUNK_SIZE, SCAN_CHUNK_SIZE * 2, size]);
  });

  it('scans another batch in the same session when the user continues', async () => {
    const helper = fakeHelper({ pages: 1 });
    const answers = [true, false];
    const askContinue = vi.fn(() => Promise.resolve(answers.shift() ?? false));
    const done = runScan({
      client: helper,
      job: { Scanner: 'Flatbed' },
      timings,
      askContinue,
      onPhase: () => {},
    });
    await vi.advanceTimersByTimeAsync(SCAN_FIRST_POLL_MS * 2 + SCAN_CHUNK_INTERVAL_MS);
    const files = await done;
    expect(helper.createSession).toHaveBeenCalledTimes(1);
    expect(helper.createJob).toHaveBeenCalledTimes(2);
    expect(helper.createJob).toHaveBeenCalledWith('s1', { Scanner: 'Flatbed' }, undefined);
    expect(askContinue.mock.calls).toEqual([[1], [2]]);
    // both batches are one document: one file of all pages, the first batch's first
    expect(helper.merge).not.toHaveBeenCalled();
    expect(helper.mergeSession).toHaveBeenCalledWith('s1', ['1', '2'], undefined);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ name: 'scan-1-2.tif', pages: 2 });
    const bytes = new Uint8Array(await files[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 100)]).toEqual(new Array(100).fill(1));
    expect([...bytes.slice(100)]).toEqual(new Array(100).fill(2));
  });

  it('joins three batches of several pages into one file with progress over all of it', async () => {
    const helper = fakeHelper({ pages: 2, size: 40 });
    const answers = [true, true, false];
    const askContinue = vi.fn(() => Promise.resolve(answers.shift() ?? false));
    const phases: ScanPhase[] = [];
    const done = runScan({
      client: helper,
      job: {},
      timings,
      askContinue,
      onPhase: (p) => phases.push(p),
    });
    await vi.advanceTimersByTimeAsync((SCAN_FIRST_POLL_MS + SCAN_POLL_INTERVAL_MS) * 3);
    const files = await done;
    expect(askContinue.mock.calls).toEqual([[2], [4], [6]]);
    expect(helper.mergeSession).toHaveBeenCalledTimes(1);
    expect(helper.mergeSession.mock.calls[0]?.[1]).toEqual(['1', '2', '3']);
    expect(files).toHaveLength(1);
    expect(files[0]?.pages).toBe(6);
    expect(files[0]?.blob.size).toBe(120);
    expect(phases).toContainEqual({ phase: 'scanning', pages: 5 });
    expect(phases.at(-1)).toEqual({ phase: 'downloading', loaded: 120, total: 120 });
  });

  it.each([
    ['ScannerInUse', 'inUse'],
    ['Cancelled', 'cancelled'],
    ['PaperJam', 'error'],
  ] as const)('ends with %s as a %s failure and drops the session', async (fault, kind) => {
    const helper = fakeHelper({ pages: 2, fault });
    const done = runScan({
      client: helper,
      job: {},
      timings,
      askContinue: () => Promise.resolve(false),
      onPhase: () => {},
    });
    const failed = expect(done).rejects.toMatchObject({ name: 'ScanFailure', kind });
    await vi.advanceTimersByTimeAsync(SCAN_FIRST_POLL_MS + SCAN_POLL_INTERVAL_MS * 3);
    await failed;
    expect(helper.merge).not.toHaveBeenCalled();
    expect(helper.mergeSession).not.toHaveBeenCalled();
    expect(helper.endSession).toHaveBeenCalledWith('s1');
  });

  it('reports an unreachable scanner as a connection error', async () => {
    const helper = fakeHelper();
    helper.createSession.mockImplementation(() => Promise.reject(new HelperError('unreachable', 0, null)));
    const error = await runScan({
      client: helper,
      job: {},
      timings,
      askContinue: () => Promise.resolve(false),
      onPhase: () => {},
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScanFailure);
    expect((error as ScanFailure).kind).toBe('connect');
  });

  it('stops polling when aborted', async () => {
    const helper = fakeHelper({ pages: 50 });
    const controller = new AbortController();
    const done = runScan({
      client: helper,
      job: {},
      timings,
      askContinue: () => Promise.resolve(false),
      onPhase: () => {},
      signal: controller.signal,
    });
    const failed = expect(done).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(SCAN_FIRST_POLL_MS);
    controller.abort();
    await failed;
    const polls = helper.jobStatus.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(helper.jobStatus).toHaveBeenCalledTimes(polls);
  });
});
