// The ASP.NET Web API error envelope: every failure is `{"Message": ...}` with the real status,
// and anything unexpected is a 500 with the generic text while the real error goes to stderr.
// Malformed requests that Express or a body parser refuse (bad percent-encoding in a path, a body
// that is not the JSON or the compression it claims, too large...) are 4xx with "The request is
// invalid." and the reason in MessageDetail, logged as one line; only 5xx log a stack trace.
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import {
  AUTHORIZATION_DENIED,
  GENERIC_SERVER_ERROR,
  INVALID_REQUEST,
  notFoundMessage,
  type ErrorBody,
} from '@gs/contract/errors';
import { DomainError, type DomainErrorKind } from '../domain/errors';

// services throw these (domain/errors.ts); routes use the same constructors
export { badRequest, forbidden, notFound } from '../domain/errors';

export class HttpError extends Error {
  /** extra response headers (Retry-After...) */
  headers: Record<string, string> = {};
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'object' && body && 'Message' in body ? String(body.Message) : String(body));
  }
}

/** The one mapping of a service's kind of failure to the status the wire answers with. */
const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unprocessable: 422,
  failed: 500,
};

export const httpStatusOf = (kind: DomainErrorKind): number => STATUS_OF_KIND[kind];

/** A domain error or an HttpError as the status and body it answers with; undefined for anything else. */
export function asHttpError(err: unknown): HttpError | undefined {
  if (err instanceof HttpError) return err;
  if (err instanceof DomainError) return new HttpError(httpStatusOf(err.kind), err.body);
  return undefined;
}

export const denied = (): HttpError => new HttpError(401, { Message: AUTHORIZATION_DENIED });

/** The request's path without its query, which may carry a token (issue 26): never echo it. */
export const pathOnly = (url: string): string => url.split('?')[0] ?? '';

/** The request's address as ASP.NET echoes it in a 404, without the query. */
export const requestUri = (req: Request): string =>
  `${req.protocol}://${req.get('host') ?? ''}${pathOnly(req.originalUrl)}`;

/** Last handler of the API: no route matched. */
export const apiNotFound: RequestHandler = (req, res) => {
  const body: ErrorBody = { Message: notFoundMessage(requestUri(req)) };
  res.status(404).json(body);
};

interface ClientError {
  type?: unknown;
  status?: unknown;
  statusCode?: unknown;
}

/** The 4xx status of an error raised by Express or a body parser about the request itself. */
function clientStatus(err: unknown): number | undefined {
  if (!(err instanceof Error)) return undefined;
  const { status, statusCode } = err as ClientError;
  const code = typeof status === 'number' ? status : statusCode;
  return typeof code === 'number' && code >= 400 && code < 500 ? code : undefined;
}

function detailOf(err: Error): string {
  if ((err as ClientError).type === 'entity.parse.failed')
    return `The request body is not valid JSON: ${err.message}`;
  if ('code' in err && typeof err.code === 'string' && /^(Z_|ERR__)/.test(err.code))
    return `The request body is not the compressed data its Content-Encoding says: ${err.message}`;
  return err.message;
}

/** One line per refused malformed request: enough to see it, too little to flood the log. */
export function logClientError(req: Request, status: number, detail: string): void {
  console.warn(`${status} ${req.method} ${pathOnly(req.originalUrl).slice(0, 200)}: ${detail.slice(0, 200)}`);
}

/**
 * The client closed the connection before its answer was sent (a navigation cancels a script, the
 * viewer aborts a file): Express's file sending and the body parsers say so with ECONNABORTED.
 */
function clientGone(err: unknown): boolean {
  return err instanceof Error && (err as { code?: unknown }).code === 'ECONNABORTED';
}

export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, next) => {
  // nobody is left to answer and nothing went wrong here: close what remains, log nothing
  if (clientGone(err)) {
    res.destroy();
    return;
  }
  if (res.headersSent) return next(err);
  const answer = asHttpError(err);
  if (answer) {
    res.status(answer.status).set(answer.headers).json(answer.body);
    return;
  }
  const status = clientStatus(err);
  if (status !== undefined && err instanceof Error) {
    const detail = detailOf(err);
    logClientError(req, status, detail);
    res.status(status).json({ Message: INVALID_REQUEST, MessageDetail: detail });
    return;
  }
  console.error(err);
  const body: ErrorBody = { Message: GENERIC_SERVER_ERROR };
  res.status(500).json(body);
};
