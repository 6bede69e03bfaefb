// The principal a user-administration query names: `username` and an optional AccountType `type`
// (any casing), resolved by services/userAdmin.ts.
import type { Request } from 'express';
import type { PrincipalsRepo, Principal } from '../db/principalsRepo';
import { badRequest } from '../domain/errors';
import { kindOf, resolvePrincipal } from '../services/userAdmin';
import { query, queryInt } from './query';

/** The `username` (and optional `type`) of a query; 400 when missing. */
export function principalOfQuery(req: Request, repo: PrincipalsRepo): Principal {
  const name = query(req, 'username')?.trim();
  if (!name) throw badRequest("The query parameter 'username' is required.");
  return resolvePrincipal(repo, name, kindOf(queryInt(req, 'type')));
}
