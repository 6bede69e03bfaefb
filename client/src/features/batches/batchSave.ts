// Saving a captured document of a batch from the indexing view (spec §2 #/view with portalId,
// batchId, docId): the values go to the portal (POST batch), which moves the document into its
// archive. A refusal of the values (required field, data type, permissions) stays in the view as
// for any import; anything else is ERROR_FILE_UPLOAD_FAILED, which closes the window and goes
// back to the portal's batches, whose counters are read afresh (spec §8).
import type { ImportBody } from '@gs/contract/upload';
import { indexBatchDocument } from '../../api/capture';
import type { Http } from '../../api/http';
import type { ImportFailure } from '../indexing/importErrors';
import type { IndexingTarget } from '../indexing/indexingPath';
import { batchesPath } from './batchStatus';

export async function saveBatchDocument(
  http: Http,
  target: IndexingTarget,
  body: ImportBody,
): Promise<number[]> {
  if (!target.batch) throw new Error('not a batch document');
  const answer = await indexBatchDocument(
    http,
    { ...target.batch, overrideBatchCriteria: target.overrideBatchCriteria },
    body,
  );
  return [answer.DocumentId];
}

/** True when a failed batch save closes the window with ERROR_FILE_UPLOAD_FAILED. */
export const closesBatchWindow = (failure: ImportFailure): boolean =>
  failure.kind === 'message' && failure.key === 'indexing.save.failed';

/** Where a batch document's indexing view goes when it closes. */
export const batchReturnPath = (target: IndexingTarget): string | null =>
  target.batch ? batchesPath(target.batch.portalId) : null;
