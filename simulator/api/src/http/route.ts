// The request edge (decision 063), after Outline's validate / authorize / transaction middlewares:
// a route declares the schemas of its params, query and body and its policy, and its handler gets
// the caller and the typed input. The edge authenticates, reads the path, authorises by the
// policy, reads the query (keys in any casing) and the body (a field's own DomainError, else a 400
// naming what is wrong), runs a writing handler in one transaction, and presents: JSON, a file
// (domain/answers.ts), or 200 with no body for undefined (http/presenters.ts).
// A route whose policy is `anonymous` runs without a caller (the sign-in itself, /config.json, the
// test-only /__sim): nothing is authenticated, and the rest is the same.
// A DomainError thrown anywhere reaches errorHandler (http/errors.ts), the one place that maps its
// kind to a status. Routes stay `router.get(path, ...route(...))`, so the route walkers still read
// them from the router stack.
import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import type { Db } from '../db/connection';
import type { RouteDeps } from '../deps';
import type { Caller } from '../domain/caller';
import { caselessQuery, lookupOf, lowerKeys, type Lookup } from '../lib/keys';
import { parseInput } from '../lib/zodInput';
import type { UserRow } from '../security/repos/usersRepo';
import { callerAccess, type UserAccess } from '../security/services/access';
import { callerOf, clientIp, requestToken } from './auth';
import { parseCookies } from './cookies';
import { cookieOnly } from './cookieOnly';
import { readMultipart, type MultipartOptions, type UploadedPart } from './multipartBody';
import { sendAnswer } from './presenters';
import { requestSecureId } from './query';

// a route's answers are written by the presenters; a route imports its edge from here
export { jsonBytes, present, withStatus, type Presenter } from './presenters';

/** What a handler knows of its call besides its input, signed in or not. */
export interface CallContext {
  deps: RouteDeps;
  /** the document's SecureId of the call: the query's `SecureId` (any casing), else the header */
  secureId: string | undefined;
  /** the call's only credential is the sstoken cookie (http/cookieOnly.ts, decision 014) */
  cookieOnly: boolean;
  /** a header of the call (any casing), for an input a route reads from its body, query or header */
  header: (name: string) => string | undefined;
  /** the caller's address (http/auth.ts `clientIp`), for the sign-in back-off */
  ip: string;
}

/** What the handler of a signed-in route knows: the call and its authenticated caller. */
export interface RouteContext extends CallContext {
  caller: Caller;
  /** the caller's rights (security/services/access.ts) */
  access: UserAccess;
}

/**
 * What the handler of an anonymous route knows: the call and the credentials it carries, unchecked
 * but for its Basic password (for the sign-in that turns them into a licence).
 */
export interface AnonymousContext extends CallContext {
  /** the user of the call's Basic credentials, undefined without any; throws the 401 (429) of wrong ones */
  basicUser: () => UserRow | undefined;
  /** the call's licence token: query, headers, then (unless `withCookie` is false) the sstoken cookie */
  token: (withCookie?: boolean) => string | undefined;
  /** a cookie of the call */
  cookie: (name: string) => string | undefined;
}

export interface RouteInput<P, Q, B, G = void> {
  params: P;
  query: Q;
  body: B;
  /** what the policy answered (the document it checked, the database it found...) */
  granted: G;
}

/**
 * Who may call, from the caller and the path's parameters: refuses with a DomainError (forbidden,
 * notFound...) or returns what it checked (the handler's `granted`). It runs before the query and
 * the body are read, as the routes always did.
 */
export type Policy<P = unknown, G = void> = (ctx: RouteContext, params: P) => G;

/** A zod schema, or a function for an input whose refusals already have their own wording. */
export type Parser<T> = z.ZodType<T> | ((raw: unknown) => T);

/**
 * The body of a call as the edge hands it to a streamed reader: the JSON the API front parsed (a
 * route that also takes JSON), whether it is multipart, and its multipart parts read with the
 * route's own storage and limits (http/multipartBody.ts). Nothing is read until the reader asks.
 */
export interface BodyCall {
  json: unknown;
  /** the Content-Type is one of these (Express's `req.is`) */
  is: (type: string) => boolean;
  multipart: (options: MultipartOptions) => Promise<UploadedPart[]>;
}

/**
 * A body the API front does not parse (multipart, a package streamed to disk): the edge calls
 * `read` after the policy and the query, so the rights are checked before one byte is read, and
 * the handler gets what it answers.
 */
export interface StreamedBody<B, P, Q, G> {
  kind: 'streamed';
  read: (body: BodyCall, ctx: RouteContext, input: Omit<RouteInput<P, Q, never, G>, 'body'>) => Promise<B>;
}

export const streamedBody = <B, P = unknown, Q = unknown, G = unknown>(
  read: StreamedBody<B, P, Q, G>['read'],
): StreamedBody<B, P, Q, G> => ({ kind: 'streamed', read });

const isStreamed = <B, P, Q, G>(body: unknown): body is StreamedBody<B, P, Q, G> =>
  typeof body === 'object' && body !== null && (body as { kind?: unknown }).kind === 'streamed';

export interface RouteSpec<P, Q, B, G = void> {
  /** the path's parameters, by their names in the path */
  params?: Parser<P>;
  /** the query: a schema reads its keys in lower case (any casing, the first of a repeated key), a function the parsed query as sent */
  query?: Parser<Q>;
  /**
   * the JSON body: a schema reads it with lower-cased keys at every depth, a function as sent; or
   * a streamed body (multipart) read by the route's own reader once the policy has passed
   */
  body?: Parser<B> | StreamedBody<B, P, Q, G>;
  /** checked after the path is read, before the query, the body and the handler */
  policy: Policy<P, G>;
  /** a writing route: the handler (synchronous) runs in one transaction of this connection */
  transaction?: Db;
  /**
   * what runs between authentication and the route (refuseCookieOnlyGet, a raw or multipart body
   * parser): still part of the route, so the walkers see one route
   */
  before?: RequestHandler[];
  /**
   * what runs before authentication: a credential the call carries in its body (the token of
   * `POST indexes`, whose body the API front reads before the credentials are known)
   */
  beforeAuth?: RequestHandler[];
  /**
   * the calls of the path this route takes, by their query: any other goes on, untouched, to the
   * next route of the path (Express's `next('route')`), as a route that answers only some calls of
   * a shared path (`POST dbs/{db}/archives/{a}?documentID=`, the queue search of `dbs/{db}/searches`)
   */
  match?: (query: Lookup) => boolean;
  /**
   * ask `match` after authenticating (the call is then authenticated again by the next route, and
   * answers its cookie twice) rather than before: for a route that always did so
   */
  matchAfterAuth?: boolean;
}

/** The query as a case-insensitive Lookup, for a route that reads its keys as it goes. */
export const queryLookup = (raw: unknown): Lookup => lookupOf(raw as Record<string, unknown>);

/** The path's parameters as sent, for a policy that reads its ids in order (http/query.ts `pathInt`). */
export const pathAsSent = (raw: unknown): Record<string, string> => raw as Record<string, string>;

/** The body as sent, for a route that reads it once it has found what it changes. */
export const asSent = (raw: unknown): unknown => raw;

/** Any signed-in caller (the edge has authenticated the call). */
export const signedIn: Policy = () => undefined;

/**
 * The policy of a route that runs with no user: the edge authenticates nothing, and the handler
 * gets an AnonymousContext. For the sign-in itself (`licenses`, `authorize`), `/config.json` and
 * the test-only `/__sim`; every other route declares who may call.
 */
export interface Anonymous {
  readonly kind: 'anonymous';
}
export const anonymous: Anonymous = Object.freeze({ kind: 'anonymous' });

const isAnonymous = (policy: unknown): policy is Anonymous => policy === anonymous;

/**
 * The spec of an anonymous route: no policy to check and nothing to authenticate, so no
 * `beforeAuth` or `matchAfterAuth`; a body the API front parsed (no streamed body).
 */
export type AnonymousSpec<P, Q, B> = Omit<
  RouteSpec<P, Q, B>,
  'policy' | 'body' | 'beforeAuth' | 'matchAfterAuth'
> & { policy: Anonymous; body?: Parser<B> };

function parseWith<T>(parser: Parser<T> | undefined, raw: () => unknown, what: string, zodValue = raw): T {
  if (parser === undefined) return undefined as T;
  if (typeof parser === 'function') return parser(raw());
  return parseInput(parser, zodValue(), what);
}

/**
 * The handlers of one route: authentication, then parse, authorise, (transaction,) handle and
 * present. `router.get(path, ...route(deps, spec, handler))`. With `policy: anonymous` nothing is
 * authenticated and the handler gets the call's credentials instead of a caller.
 */
export function route<P = undefined, Q = undefined, B = undefined, T = unknown>(
  deps: RouteDeps,
  spec: AnonymousSpec<P, Q, B>,
  handler: (ctx: AnonymousContext, input: RouteInput<P, Q, B>) => T | Promise<T>,
): RequestHandler[];
export function route<P = undefined, Q = undefined, B = undefined, T = unknown, G = void>(
  deps: RouteDeps,
  spec: RouteSpec<P, Q, B, G>,
  handler: (ctx: RouteContext, input: RouteInput<P, Q, B, G>) => T | Promise<T>,
): RequestHandler[];
export function route<P, Q, B, T, G>(
  deps: RouteDeps,
  spec: RouteSpec<P, Q, B, G> | AnonymousSpec<P, Q, B>,
  handler: (ctx: RouteContext & AnonymousContext, input: RouteInput<P, Q, B, G>) => T | Promise<T>,
): RequestHandler[] {
  const { policy } = spec;
  const signed = isAnonymous(policy) ? undefined : (spec as RouteSpec<P, Q, B, G>);
  const run: RequestHandler = async (req, res) => {
    const ctx = signed ? signedInContext(deps, req, res) : anonymousContext(deps, req);
    const params = parseWith(spec.params, () => req.params, 'path');
    const granted = isAnonymous(policy) ? (undefined as G) : policy(ctx as RouteContext, params);
    // a schema reads the query's keys in lower case; a function reads it as sent (queryLookup)
    const query = parseWith(
      spec.query,
      () => req.query as unknown,
      'query',
      () => caselessQuery(req.query as Record<string, unknown>),
    );
    const body = isStreamed<B, P, Q, G>(spec.body)
      ? await spec.body.read(bodyCall(req, res), ctx as RouteContext, { params, query, granted })
      : parseWith(
          spec.body as Parser<B> | undefined,
          () => req.body as unknown,
          'request body',
          () => lowerKeys(req.body),
        );
    const input = { params, query, body, granted };
    // each handler is typed by its overload: a signed-in one reads only RouteContext, an anonymous
    // one only AnonymousContext
    const typed = ctx as RouteContext & AnonymousContext;
    const answer = spec.transaction
      ? inTransaction(spec.transaction, () => handler(typed, input))
      : await handler(typed, input);
    await sendAnswer(res, answer, req);
  };
  const auth = signed ? [...(signed.beforeAuth ?? []), deps.auth.requireAuth] : [];
  const { match } = spec;
  if (!match) return [...auth, ...(spec.before ?? []), run];
  const matched: RequestHandler = (req, _res, next) => {
    next(match(lookupOf(req.query as Record<string, unknown>)) ? undefined : 'route');
  };
  const front = signed?.matchAfterAuth ? [...auth, matched] : [matched, ...auth];
  return [...front, ...(spec.before ?? []), run];
}

const callContext = (deps: RouteDeps, req: Request): CallContext => ({
  deps,
  secureId: requestSecureId(req),
  cookieOnly: cookieOnly(req),
  header: (name) => req.get(name),
  ip: clientIp(req),
});

function signedInContext(deps: RouteDeps, req: Request, res: Response): RouteContext {
  const caller = callerOf(res);
  return { ...callContext(deps, req), caller, access: callerAccess(deps.repos, caller) };
}

const anonymousContext = (deps: RouteDeps, req: Request): AnonymousContext => ({
  ...callContext(deps, req),
  basicUser: () => deps.auth.basicUser(req),
  token: (withCookie = true) => requestToken(req, withCookie),
  cookie: (name) => parseCookies(req)[name],
});

const bodyCall = (req: Request, res: Response): BodyCall => ({
  json: req.body as unknown,
  is: (type) => req.is(type) !== false && req.is(type) !== null,
  multipart: (options) => readMultipart(req, res, options),
});

function inTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(() => {
    const result = fn();
    if (result instanceof Promise) throw new Error('a transaction route must answer synchronously');
    return result;
  })();
}
