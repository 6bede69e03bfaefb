// Which batch status may go where (end-user spec §4; decision 028). Pure: the routes ask here and
// refuse anything else with 409 and a Message that names both statuses.
import { BatchAction, BatchStatus, type BatchActionCode, type BatchStatusCode } from '@gs/contract/capture';

export const STATUS_NAMES: Record<BatchStatusCode, string> = {
  1: 'Queued',
  2: 'Processing',
  3: 'Processed',
  4: 'Completed',
  5: 'Errored',
  6: 'Rejected',
  7: 'Validating',
};

/** The statuses an action may start from, and where it leads. */
const ACTIONS: Record<BatchActionCode, { from: readonly BatchStatusCode[]; to?: BatchStatusCode }> = {
  [BatchAction.Requeue]: { from: [BatchStatus.Errored, BatchStatus.Rejected], to: BatchStatus.Queued },
  [BatchAction.Reject]: {
    from: [BatchStatus.Processed, BatchStatus.Validating, BatchStatus.Errored],
    to: BatchStatus.Rejected,
  },
  [BatchAction.Open]: { from: [BatchStatus.Processed, BatchStatus.Validating] },
};

export const ACTION_NAMES: Record<BatchActionCode, string> = { 1: 'requeue', 2: 'reject', 3: 'open' };

export const isBatchAction = (n: number): n is BatchActionCode => n in ACTIONS;

/** null when allowed, else the refusal's message. */
export function actionRefusal(
  action: BatchActionCode,
  status: BatchStatusCode,
  override = false,
): string | null {
  const from = override && action === BatchAction.Open ? overrideStatuses : ACTIONS[action].from;
  if (from.includes(status)) return null;
  return `A ${STATUS_NAMES[status]} batch cannot be ${pastTense[action]}; only a batch that is ${from
    .map((s) => STATUS_NAMES[s])
    .join(' or ')} can.`;
}

const pastTense: Record<BatchActionCode, string> = {
  1: 're-queued',
  2: 'rejected',
  3: 'opened for indexing',
};

/** With overrideBatchCriteria an indexer may also index the documents of an Errored or Rejected batch. */
const overrideStatuses: readonly BatchStatusCode[] = [
  BatchStatus.Processed,
  BatchStatus.Validating,
  BatchStatus.Errored,
  BatchStatus.Rejected,
];

export const actionTarget = (action: BatchActionCode): BatchStatusCode | undefined => ACTIONS[action].to;

/** A batch's status once `indexed` of its `documents` are in the archive. */
export const statusAfterIndexing = (documents: number, indexed: number): BatchStatusCode =>
  indexed >= documents ? BatchStatus.Completed : BatchStatus.Validating;

/** A batch can be deleted unless it is being processed. */
export const deleteRefusal = (status: BatchStatusCode): string | null =>
  status === BatchStatus.Processing
    ? 'A Processing batch cannot be deleted; wait until it is Processed.'
    : null;
