// What went wrong loading a results page (spec §8): a sort the server no longer accepts (discard it),
// a 404 (the grid data query error), a message from the server (as written: ResultsNotices shows it
// through lib/serverTexts), or something unknown.
import { INVALID_SORT_MESSAGE } from '@gs/contract/searches';
import { ApiError } from '../../api/http';
import { serverReason } from '../../lib/serverTexts';

export type GridLoadError =
  { kind: 'invalidSort' } | { kind: 'notFound' } | { kind: 'message'; text: string } | { kind: 'unknown' };

export function classifyGridError(error: unknown): GridLoadError {
  if (!(error instanceof ApiError) || error.kind !== 'http') return { kind: 'unknown' };
  const reason = serverReason(error);
  if (reason?.includes(INVALID_SORT_MESSAGE)) return { kind: 'invalidSort' };
  if (error.status === 404) return { kind: 'notFound' };
  if (error.status >= 400 && error.status < 500 && reason) return { kind: 'message', text: reason };
  return { kind: 'unknown' };
}

/** The page to try when a page past the first comes back empty: the last page there is, else the one before. */
export function fallbackPage(page: number, count: number, pageSize: number): number {
  if (count > 0) return Math.max(1, Math.min(page - 1, Math.ceil(count / pageSize)));
  return Math.max(1, page - 1);
}
