// The front of the API, ahead of every router (app.ts): the API's headers, the password check of
// Basic credentials (async, see auth.ts), then the body. A call that carries a body must first
// show valid credentials (a live token or right Basic): without them it is refused before one
// byte of the body is read, so an anonymous 150 MB body costs the server no memory. Then the JSON
// body is read with the limit of its route: small by default, large only for the batch routes.
// Decision 009.
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Auth } from './auth';
import { errorHandler } from './errors';
import { apiHeaders, type CorsOrigins } from './headers';

const JSON_TYPES = ['application/json', 'application/*+json'];

/** Body limits by route; the first match wins, anything else gets DEFAULT_BODY_LIMIT. */
export const BODY_LIMITS: readonly { path: RegExp; limit: string }[] = [
  // bulk update and import batches of up to 10,000 documents, and exports of as many
  { path: /^\/dbs\/[^/]+\/(bulk\/(update|import|resolve)|export(\/xlsx)?)\/?$/i, limit: '200mb' },
  // a document's annotations, each with up to MAX_ANNOTATION_TEXT characters
  { path: /^\/dbs\/[^/]+\/archives\/[^/]+\/documents\/[^/]+\/annotations\/?$/i, limit: '16mb' },
  // a user or queue action on many checked tasks (document id -> hash, about 50 bytes each)
  { path: /^\/useraction\/?$/i, limit: '8mb' },
  // an import's index data (table fields included) or a history entry
  { path: /^\/dbs\/[^/]+\/archives\/[^/]+\/?$/i, limit: '8mb' },
];
export const DEFAULT_BODY_LIMIT = '1mb';

/**
 * `POST indexes` may carry its token in the body (fields/routes/indexes.ts), so it is read before the
 * credentials are known; its small default limit bounds what an anonymous caller can send.
 */
const CREDENTIALS_IN_BODY = /^\/indexes\/?$/i;

export function hasBody(req: Request): boolean {
  const length = req.get('content-length');
  if (req.get('transfer-encoding') !== undefined) return true;
  return length !== undefined && length.trim() !== '0';
}

/**
 * How long a refused body may keep arriving after the answer. Node discards it as it comes
 * (nothing is buffered), so the client reads the 401 instead of a connection reset; a body still
 * coming after that is cut off with its connection.
 */
export const REFUSED_BODY_LINGER_MS = 2000;

function discardBriefly(req: Request, res: Response): void {
  res.once('finish', () => {
    if (req.complete) return;
    const socket = req.socket;
    const timer = setTimeout(() => {
      if (!req.complete) socket.destroy();
    }, REFUSED_BODY_LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}

/** A call with a body and without valid credentials: refused before its body is read. */
function credentialsBeforeBody(auth: Auth): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req) || CREDENTIALS_IN_BODY.test(req.path)) return next();
    try {
      auth.check(req);
    } catch (err) {
      discardBriefly(req, res);
      throw err;
    }
    next();
  };
}

function jsonBodies(): RequestHandler {
  const parser = (limit: string): RequestHandler => express.json({ strict: false, limit, type: JSON_TYPES });
  const parsers = BODY_LIMITS.map(({ path, limit }) => ({ path, parse: parser(limit) }));
  const fallback = parser(DEFAULT_BODY_LIMIT);
  return (req, res, next) => {
    const parse = parsers.find((p) => p.path.test(req.path))?.parse ?? fallback;
    parse(req, res, next);
  };
}

export function createApiFront(auth: Auth, corsOrigins: CorsOrigins): Router {
  const front = Router();
  front.use(apiHeaders(corsOrigins), auth.verifyCredentials, credentialsBeforeBody(auth), jsonBodies());
  front.use(errorHandler);
  return front;
}
