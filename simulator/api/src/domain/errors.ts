// What a service says went wrong, without knowing HTTP (decision 063). A service throws a
// DomainError of a kind; the edge (http/errors.ts `httpStatusOf`, used by the error handler) is the
// one place that turns a kind into a status code. The body on the wire is `{ Message, ...fields }`.
import { INVALID_REQUEST } from '@gs/contract/errors';

/** Kinds of failure; the edge maps each to one status (invalid 400, failed 500...). */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'tooLarge'
  | 'unprocessable'
  | 'failed';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** more members of the error body after `Message` (MessageDetail, Code, Fields...) */
    readonly fields: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }

  /** The error body as the wire carries it. */
  get body(): { Message: string } & Record<string, unknown> {
    return { Message: this.message, ...this.fields };
  }
}

export const isDomainError = (e: unknown, kind?: DomainErrorKind): e is DomainError =>
  e instanceof DomainError && (kind === undefined || e.kind === kind);

/** ASP.NET's "The request is invalid." with the specifics in MessageDetail. */
export const badRequest = (detail: string): DomainError =>
  new DomainError('invalid', INVALID_REQUEST, { MessageDetail: detail });

/** Bad input said in the Message itself (`{ Message }` only). */
export const invalid = (message: string, fields?: Record<string, unknown>): DomainError =>
  new DomainError('invalid', message, fields);

export const notFound = (message: string, fields?: Record<string, unknown>): DomainError =>
  new DomainError('notFound', message, fields);

export const forbidden = (message: string): DomainError => new DomainError('forbidden', message);

export const conflict = (message: string, fields?: Record<string, unknown>): DomainError =>
  new DomainError('conflict', message, fields);

export const tooLarge = (message: string): DomainError => new DomainError('tooLarge', message);

export const unprocessable = (message: string): DomainError => new DomainError('unprocessable', message);

/** A failure of the server's own that still says what failed (500 with that Message). */
export const failed = (message: string, fields?: Record<string, unknown>): DomainError =>
  new DomainError('failed', message, fields);
