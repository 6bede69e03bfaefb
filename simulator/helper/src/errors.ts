// Errors the helper answers with: a status and a Message, like the server it stands beside.
// A malformed request (bad JSON, a broken multipart body, too deep or too large) is a 400 and one
// log line; only a 5xx logs its stack.
import type { ErrorRequestHandler } from 'express';
import { INVALID_REQUEST } from '@gs/contract/errors';

export class HelperError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A request that cannot be read at all (a broken upload): 400, logged as one line. */
export class MalformedRequest extends HelperError {
  constructor(message: string) {
    super(400, message);
  }
}

export const badRequest = (message: string): HelperError => new HelperError(400, message);
export const notFound = (message: string): HelperError => new HelperError(404, message);

export type HelperLog = (line: string, error?: unknown) => void;

export const consoleLog: HelperLog = (line, error) => {
  if (error === undefined) console.warn(`[helper] ${line}`);
  else console.error(`[helper] ${line}`, error);
};

const oneLine = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 200);

/** What a body parser's refusal says, for MessageDetail (as the API's errors.ts). */
function detailOf(err: unknown): string {
  const type = (err as { type?: unknown }).type;
  const why = oneLine(err);
  if (type === 'entity.parse.failed') return `The request body is not valid JSON: ${why}`;
  if (type === 'entity.too.large') return `The request body is larger than the helper accepts: ${why}`;
  return why;
}

export function errorHandler(log: HelperLog = consoleLog): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const where = `${req.method} ${req.path}`;
    if (err instanceof HelperError) {
      if (err.status >= 500 || err instanceof MalformedRequest)
        log(`${err.status} ${where}: ${oneLine(err)}`);
      res.status(err.status).json({ Message: err.message });
      return;
    }
    // body-parser's and express's errors carry a status (malformed JSON, too large, a bad
    // charset or encoding, a malformed path): the API's answer, Message and MessageDetail
    const status =
      (err as { status?: unknown; statusCode?: unknown }).status ??
      (err as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      log(`${status} ${where}: malformed request (${oneLine(err)})`);
      res.status(status).json({ Message: INVALID_REQUEST, MessageDetail: detailOf(err) });
      return;
    }
    log(`500 ${where}`, err);
    res.status(500).json({ Message: 'An error has occurred.' });
  };
}
