// Errors the helper answers with: a status and a Message, like the server it stands beside.
import type { ErrorRequestHandler } from 'express';

export class HelperError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string): HelperError => new HelperError(400, message);
export const notFound = (message: string): HelperError => new HelperError(404, message);

export const errorHandler: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
  if (err instanceof HelperError) {
    res.status(err.status).json({ Message: err.message });
    return;
  }
  // body-parser's errors carry a status (malformed JSON, too large)
  const status = (err as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    res.status(status).json({ Message: 'The request is invalid.' });
    return;
  }
  console.error('[helper]', err);
  res.status(500).json({ Message: 'An error has occurred.' });
};
