// The document a request names (decision 063): its route's `:db`, `:archive` and `:doc` and its
// SecureId, in the query (`SecureId`, any casing) or a `SecureId` header, resolved and checked by
// documents/services/documentAccess.ts for the caller.
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { RouteDeps } from '../../deps';
import { int32Value } from '../../lib/zodInput';
import { resolveDocument, type DocumentIds, type DocumentRef } from '../services/documentAccess';
import { callerOf } from '../../http/auth';
import { intParam, requestSecureId } from '../../http/query';
import type { Policy } from '../../http/route';

/** The ids of a document route's `:db`, `:archive` and `:doc`. */
export const documentIds = (req: Request): DocumentIds => ({
  db: intParam(req, 'db'),
  archive: intParam(req, 'archive'),
  doc: intParam(req, 'doc'),
});

/** Resolve and check the document of a call (after auth.requireAuth); by default the route's. */
export const documentOf = (
  deps: RouteDeps,
  req: Request,
  res: Response,
  ids: DocumentIds = documentIds(req),
): DocumentRef => resolveDocument(deps, callerOf(res), ids, requestSecureId(req));

/** The path of a document route (`:db`, `:archive`, `:doc`), for route(). */
export const documentParams = z.object({
  db: int32Value('db'),
  archive: int32Value('archive'),
  doc: int32Value('doc'),
});

/** route()'s policy of a document route: the caller sees the document, by its checked SecureId. */
export const theDocument: Policy<DocumentIds, DocumentRef> = ({ deps, caller, secureId }, ids) =>
  resolveDocument(deps, caller, ids, secureId);
