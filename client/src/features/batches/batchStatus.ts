// Batch statuses as the screens show them (spec §4 "batch status colours 1-7"; decision 028):
// a translation key and a colour per status, and the address of a portal's batches.
import { BATCH_STATUSES, type BatchStatusCode } from '@gs/contract/capture';
import { routes } from '../../app/paths';

export const STATUS_KEYS = {
  1: 'batches.status.queued',
  2: 'batches.status.processing',
  3: 'batches.status.processed',
  4: 'batches.status.completed',
  5: 'batches.status.errored',
  6: 'batches.status.rejected',
  7: 'batches.status.validating',
} as const satisfies Record<BatchStatusCode, string>;

/** Colours 1-7: grey, blue, teal, green, red, orange, purple, each dark enough for white text (4.5:1). */
export const STATUS_COLOURS: Record<BatchStatusCode, string> = {
  1: '#6c757d',
  2: '#1f6feb',
  3: '#0d7f81',
  4: '#2e7d32',
  5: '#c62828',
  6: '#b35c00',
  7: '#6f42c1',
};

export const isBatchStatus = (n: number): n is BatchStatusCode =>
  BATCH_STATUSES.includes(n as BatchStatusCode);

/** /batches?portalId (and the filter and page when not the first page of every status) */
export function batchesPath(portalId: number, statuses: readonly number[] = [], page = 1): string {
  const q = new URLSearchParams({ portalId: String(portalId) });
  if (statuses.length) q.set('status', statuses.join(','));
  if (page > 1) q.set('page', String(page));
  return `${routes.batches}?${q.toString()}`;
}
