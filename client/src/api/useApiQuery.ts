// Loads server data for one screen: re-runs when `key` changes, ignores stale answers, and
// keeps the last result visible while a reload with the same key runs.
import { useEffect, useEffectEvent, useState } from 'react';
import { useAtomValue } from 'jotai';
import { httpAtom } from '../state/environment';
import type { Http } from './http';

export type QueryState<T> =
  { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

const LOADING = { status: 'loading' } as const;

/** `key` null = nothing to load yet. */
export function useApiQuery<T>(
  key: string | null,
  load: (http: Http) => Promise<T>,
): [QueryState<T>, () => void] {
  const http = useAtomValue(httpAtom);
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ stamp: string; result: QueryState<T> } | null>(null);
  const stamp = key === null ? null : `${key}#${attempt}`;
  const run = useEffectEvent(() => load(http));

  useEffect(() => {
    if (stamp === null) return;
    let live = true;
    run().then(
      (data) => live && setSettled({ stamp, result: { status: 'success', data } }),
      (error: unknown) => live && setSettled({ stamp, result: { status: 'error', error } }),
    );
    return () => {
      live = false;
    };
  }, [stamp]);

  const reload = () => setAttempt((n) => n + 1);
  if (stamp === null || !settled) return [LOADING, reload];
  if (settled.stamp === stamp) return [settled.result, reload];
  // Same key, new attempt: keep previous data on screen until the new answer arrives.
  const sameKey = settled.stamp.startsWith(`${key}#`);
  return [sameKey && settled.result.status === 'success' ? settled.result : LOADING, reload];
}
