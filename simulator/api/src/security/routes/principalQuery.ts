// The principal a user-administration query names: `username` and an optional AccountType `type`
// (any casing), resolved by security/services/userAdmin.ts.
import type { Request } from 'express';
import type { PrincipalsRepo, Principal } from '../repos/principalsRepo';
import { badRequest } from '../../domain/errors';
import { kindOf, resolvePrincipal } from '../services/userAdmin';
import { parseId, type Lookup } from '../../lib/keys';
import { queryOf } from '../../http/query';

/** The `username` (and optional `type`) of a query read as a Lookup; 400 when missing. */
export function principalOf(q: Lookup, repo: PrincipalsRepo): Principal {
  const name = q('username')?.trim();
  if (!name) throw badRequest("The query parameter 'username' is required.");
  const type = q('type');
  return resolvePrincipal(repo, name, kindOf(type === undefined ? undefined : parseId(type, 'type')));
}

/** The `username` (and optional `type`) of a request's query; 400 when missing. */
export const principalOfQuery = (req: Request, repo: PrincipalsRepo): Principal =>
  principalOf(queryOf(req), repo);
