import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { serverReason } from '../../lib/serverTexts';
import { runJobGroup, type JobProgress } from './jobGroup';

describe('runJobGroup', () => {
  it('sends one request per item with the same Job id and Count, and counts success and danger results', async () => {
    const tags: { job: string; count: number }[] = [];
    const seen: JobProgress[] = [];
    const result = await runJobGroup({
      items: [11, 12, 13, 14],
      idOf: (id) => id,
      jobId: 'job-1',
      concurrency: 2,
      run: (id, tag) => {
        tags.push(tag);
        return id % 2 === 0
          ? Promise.reject(new ApiError('http', 403, `No delete right on ${id}.`, ''))
          : Promise.resolve(true);
      },
      describe: (error) => serverReason(error) ?? 'unknown',
      onProgress: (p) => seen.push(p),
    });
    expect(tags).toEqual(Array.from({ length: 4 }, () => ({ job: 'job-1', count: 4 })));
    expect(result).toEqual({
      total: 4,
      success: 2,
      danger: 2,
      errors: ['DocID 12: No delete right on 12.', 'DocID 14: No delete right on 14.'],
    });
    // one progress report per result, the last one complete
    expect(seen).toHaveLength(4);
    expect(seen.map((p) => p.success + p.danger)).toEqual([1, 2, 3, 4]);
    expect(seen.at(-1)).toEqual(result);
  });

  it('is done at once for no items and makes a job id when none is given', async () => {
    const tags: string[] = [];
    expect(
      await runJobGroup({
        items: [],
        idOf: (n: number) => n,
        run: () => Promise.resolve(),
        describe: String,
      }),
    ).toEqual({ total: 0, success: 0, danger: 0, errors: [] });
    await runJobGroup({
      items: [1, 2],
      idOf: (n) => n,
      run: (_n, tag) => {
        tags.push(tag.job);
        return Promise.resolve();
      },
      describe: String,
    });
    expect(tags[0]).toBeTruthy();
    expect(new Set(tags).size).toBe(1);
  });
});
