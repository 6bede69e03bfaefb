// Validation failures of bulk jobs: 400 `{ Message, Key }` (the client translates the Key).
import { BULK_ERROR_MESSAGES, type BulkErrorKeyName } from '@gs/contract/helperBulk';
import { HelperError } from '../errors';

export class BulkError extends HelperError {
  constructor(
    readonly key: BulkErrorKeyName,
    status = 400,
    message: string = BULK_ERROR_MESSAGES[key],
  ) {
    super(status, message);
  }
}

export const bulkError = (key: BulkErrorKeyName, status = 400, message?: string): BulkError =>
  new BulkError(key, status, message);
