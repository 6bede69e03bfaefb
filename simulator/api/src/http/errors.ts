// The ASP.NET Web API error envelope: every failure is `{"Message": ...}` with the real status,
// and anything unexpected is a 500 with the generic text while the real error goes to stderr.
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import {
  AUTHORIZATION_DENIED,
  GENERIC_SERVER_ERROR,
  INVALID_REQUEST,
  notFoundMessage,
  type ErrorBody,
} from '@gs/contract/errors';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'object' && body && 'Message' in body ? String(body.Message) : String(body));
  }
}

/** 400 with ASP.NET's "The request is invalid." and the specifics in MessageDetail. */
export const badRequest = (detail: string): HttpError =>
  new HttpError(400, { Message: INVALID_REQUEST, MessageDetail: detail });

export const notFound = (message: string): HttpError => new HttpError(404, { Message: message });

export const forbidden = (message: string): HttpError => new HttpError(403, { Message: message });

export const denied = (): HttpError => new HttpError(401, { Message: AUTHORIZATION_DENIED });

export const requestUri = (req: Request): string =>
  `${req.protocol}://${req.get('host') ?? ''}${req.originalUrl}`;

/** Last handler of the API: no route matched. */
export const apiNotFound: RequestHandler = (req, res) => {
  const body: ErrorBody = { Message: notFoundMessage(requestUri(req)) };
  res.status(404).json(body);
};

interface BodyParserError {
  type?: unknown;
  status?: unknown;
}
const isBodyParserError = (err: unknown): err is BodyParserError & Error =>
  err instanceof Error && typeof (err as BodyParserError).type === 'string';

export const errorHandler: ErrorRequestHandler = (err: unknown, _req, res, next) => {
  if (res.headersSent) return next(err);
  if (err instanceof HttpError) {
    res.status(err.status).json(err.body);
    return;
  }
  if (isBodyParserError(err)) {
    // express.json rejected the body: malformed JSON, wrong charset, too large...
    const status = typeof err.status === 'number' && err.status < 500 ? err.status : 400;
    const detail =
      err.type === 'entity.parse.failed' ? `The request body is not valid JSON: ${err.message}` : err.message;
    res.status(status).json({ Message: INVALID_REQUEST, MessageDetail: detail });
    return;
  }
  console.error(err);
  const body: ErrorBody = { Message: GENERIC_SERVER_ERROR };
  res.status(500).json(body);
};
