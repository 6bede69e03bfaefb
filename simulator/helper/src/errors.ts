// Errors the helper answers with: a status and a Message, like the server it stands beside.
// A malformed request (bad JSON, a broken multipart body, too deep or too large) is a 400 and one
// log line; only a 5xx logs its stack.
import type { ErrorRequestHandler } from 'express';

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

export function errorHandler(log: HelperLog = consoleLog): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const where = `${req.method} ${req.path}`;
    if (err instanceof HelperError) {
      if (err.status >= 500 || err instanceof MalformedRequest)
        log(`${err.status} ${where}: ${oneLine(err)}`);
      res.status(err.status).json({ Message: err.message });
      return;
    }
    // body-parser's errors carry a status (malformed JSON, too large)
    const status = (err as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      log(`${status} ${where}: malformed request (${oneLine(err)})`);
      res.status(status).json({ Message: 'The request is invalid.' });
      return;
    }
    log(`500 ${where}`, err);
    res.status(500).json({ Message: 'An error has occurred.' });
  };
}
