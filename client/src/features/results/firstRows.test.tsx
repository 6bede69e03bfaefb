import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_ROWS, useFirstRowsFirst } from './ResultsGrid';

describe('a large page draws its first rows first', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] }));
  afterEach(() => vi.useRealTimers());

  it('hands out the first rows, then every row a frame later', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => i);
    const { result } = renderHook(({ list }) => useFirstRowsFirst(list), { initialProps: { list: rows } });
    expect(result.current).toHaveLength(FIRST_ROWS);
    expect(result.current[0]).toBe(0);
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(result.current).toBe(rows);
  });

  it('a new page starts over, and a small page comes whole at once', async () => {
    const { result, rerender } = renderHook(({ list }) => useFirstRowsFirst(list), {
      initialProps: { list: Array.from({ length: 500 }, (_, i) => i) },
    });
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(result.current).toHaveLength(500);
    const next = Array.from({ length: 300 }, (_, i) => i + 1000);
    rerender({ list: next });
    expect(result.current).toHaveLength(FIRST_ROWS);
    const small = [1, 2, 3];
    rerender({ list: small });
    expect(result.current).toBe(small);
  });
});
