// `indexes`: POST checks field values against an archive's fields (the grid's server-side check);
// GET `indexes/?database=&Field=&Filter1=&Filter2=` lists the items a (dynamic) list field offers,
// for a field of an archive the caller may view (with `Archive=`, that archive): anyone else gets
// the 404 of an unknown field, as archive routes answer for archives the caller cannot see.
import { Router, type RequestHandler } from 'express';
import type { DynamicListResponse, FieldCheckResponse } from '@gs/contract/fieldChecks';
import { TOKEN_REQUEST_HEADER } from '@gs/contract/licenses';
import type { RouteDeps } from '../../deps';
import { requestToken } from '../../http/auth';
import { badRequest, notFound } from '../../http/errors';
import { parseCheckBody } from './fieldInput';
import { parseId, readKey } from '../../http/query';
import { asSent, queryLookup, route, signedIn } from '../../http/route';
import { lookupAny, type Lookup } from '../../lib/keys';
import { createFieldEdits } from '../services/fieldEdits';
import { createFieldLists } from '../../lists/services/fieldLists';
import { readListItems } from '../../lists/services/sqlListItems';
import { ListQueryError } from '../../lists/repos/sqlListQuery';

/** A parameter from the query (any of its spellings) or, failing that, a key of an object body. */
function param(q: Lookup, body: unknown, keys: string[]): string | undefined {
  const fromQuery = lookupAny(q, keys)?.value;
  if (fromQuery !== undefined) return fromQuery;
  for (const key of keys) {
    const v = readKey(body, key);
    if (typeof v === 'string' || typeof v === 'number') return String(v);
  }
  return undefined;
}

function requiredId(q: Lookup, body: unknown, keys: string[]): number {
  const [name = ''] = keys;
  const v = param(q, body, keys);
  if (v === undefined || v.trim() === '') throw badRequest(`The parameter '${name}' is required.`);
  return parseId(v, name);
}

/** POST indexes may carry its token in the body, beside db and archive. */
const tokenFromBody: RequestHandler = (req, _res, next) => {
  const token = readKey(req.body, 'token');
  if (typeof token === 'string' && token.trim() && requestToken(req, false) === undefined)
    req.headers[TOKEN_REQUEST_HEADER.toLowerCase()] = token.trim();
  next();
};

export function createIndexesRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const lists = createFieldLists(repos.fieldRules);
  const edits = createFieldEdits(repos, deps.listQueries);
  const router = Router();

  // the query (any casing) and the body as sent: a parameter is read from either
  const sent = { policy: signedIn, query: queryLookup, body: asSent };

  // the token may come in the body, read before authentication (http/apiFront.ts)
  router.post(
    '/indexes',
    ...route(deps, { ...sent, beforeAuth: [tokenFromBody] }, async ({ access }, { query, body }) => {
      const db = access.database(requiredId(query, body, ['db', 'database', 'DatabaseId'])).Id;
      const archive = access.archive(db, requiredId(query, body, ['archive', 'ArchiveId']));
      const checked: FieldCheckResponse = await edits.check(archive.id, parseCheckBody(body));
      return checked;
    }),
  );

  router.get(
    '/indexes',
    ...route(deps, sent, async ({ access }, { query, body: sentBody }) => {
      const db = access.database(requiredId(query, sentBody, ['database', 'db'])).Id;
      const fieldId = requiredId(query, sentBody, ['Field', 'FieldId']);
      const rule = repos.fieldRules.byId(db, fieldId);
      const unknown = notFound(`Field ${fieldId} was not found in database ${db}.`);
      if (!rule) throw unknown;
      const archiveParam = param(query, sentBody, ['Archive', 'ArchiveId']);
      if (archiveParam !== undefined && archiveParam.trim() !== '') {
        const archive = access.archive(db, parseId(archiveParam, 'Archive'));
        if (!repos.archives.fields(archive.id).some((f) => f.ID === fieldId)) throw unknown;
      } else if (!repos.archives.withField(fieldId).some((a) => a.databaseId === db && access.canView(a)))
        throw unknown;
      // a [SQL] list runs its query (decision 044): refused, failed or stopped, it is a 400
      const listId = lists.listFor(rule, query('Filter1') ?? '', query('Filter2') ?? '');
      let body: DynamicListResponse = [];
      try {
        if (listId !== undefined) body = await readListItems(repos.fieldRules, deps.listQueries, listId);
      } catch (err) {
        throw err instanceof ListQueryError ? badRequest(err.message) : err;
      }
      return body;
    }),
  );

  return router;
}
