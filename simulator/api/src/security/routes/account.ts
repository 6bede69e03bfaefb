// The caller's own account (end-user spec §7): `GET users`, `GET users?needsDbId=true` and the
// self password change `POST users?isSelfPasswordChange=true&token=` with body `{password,
// currentPassword}` (optionally `Email`). The current password is checked first, under the sign-in
// back-off (403 when wrong, 429 while waiting); an address that is malformed or another user's is
// one and the same 400 (decision 046). Shapes are our design (contract/src/account.ts, decision
// 022). Passwords are hashed (scrypt) before they are stored.
import { Router } from 'express';
import { EMAIL_REFUSED_MESSAGE, type Account, type NeedsDbId } from '@gs/contract/account';
import type { RouteDeps } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import { parseBool } from '../../http/query';
import { asSent, queryLookup, route, signedIn } from '../../http/route';
import type { Lookup } from '../../lib/keys';
import { hashPasswordAsync } from '../services/passwords';
import { passwordProblem, passwordRule } from '../services/passwordPolicy';

/** `?name` alone (the spec's `users?isSelfPasswordChange&token`) counts as true. */
const flag = (query: Lookup, name: string): boolean => {
  const v = query(name);
  return v === undefined ? false : v.trim() === '' || parseBool(v, name);
};

const MAX_EMAIL = 254;
const EMAIL = /^[^\s@]+@[^\s@]+$/u;

interface ChangeBody {
  password: string;
  currentPassword: string | undefined;
  email: string | undefined;
}

/** The value of `name` in any casing. */
function keyOf(record: Record<string, unknown>, name: string): unknown {
  const key = Object.keys(record).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : record[key];
}

function bodyOf(body: unknown): ChangeBody {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('A body {password, currentPassword} is required.');
  const record = body as Record<string, unknown>;
  const password = keyOf(record, 'password');
  if (typeof password !== 'string') throw badRequest(`'password' must be a string.`);
  const currentPassword = keyOf(record, 'currentPassword');
  if (currentPassword !== undefined && typeof currentPassword !== 'string')
    throw badRequest(`'currentPassword' must be a string.`);
  const email = keyOf(record, 'email');
  if (email !== undefined && typeof email !== 'string') throw badRequest(EMAIL_REFUSED_MESSAGE);
  return { password, currentPassword, email: email?.trim() };
}

/** Whether the caller may take this address: a well-formed one that no other user holds. */
const usableEmail = (deps: RouteDeps, email: string, userId: number): boolean =>
  email === '' ||
  (email.length <= MAX_EMAIL && EMAIL.test(email) && !deps.repos.account.emailTaken(email, userId));

export function createAccountRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const router = Router();

  const sent = { policy: signedIn, query: queryLookup };

  router.get(
    '/users',
    ...route(deps, sent, ({ caller: { user }, access }, { query }) => {
      if (flag(query, 'needsDbId')) {
        const dbs = access.visibleDatabases();
        const body: NeedsDbId = {
          NeedsDbId: dbs.length !== 1,
          DatabaseId: dbs.length === 1 ? (dbs[0]?.Id ?? null) : null,
        };
        return body;
      }
      const row = repos.account.account(user.id);
      if (!row) throw notFound(`The user ${user.name} does not exist.`);
      const body: Account = {
        Name: row.name,
        Email: row.email,
        License: row.licenseType,
        CanDelegate: row.canDelegate,
      };
      return body;
    }),
  );

  // the query's flag is read before the body, as it always was
  router.post(
    '/users',
    ...route(deps, { ...sent, body: asSent }, async ({ caller: { user }, ip }, { query, body: raw }) => {
      if (!flag(query, 'isSelfPasswordChange'))
        throw badRequest(`Only 'isSelfPasswordChange=true' is supported.`);
      const { password, currentPassword, email } = bodyOf(raw);
      if (!currentPassword) throw badRequest('The current password is required.');
      const refused = await deps.auth.recheckPassword(user, currentPassword, ip);
      if (refused) throw refused;
      if (password.trim() === '') throw badRequest('The password must not be blank.');
      const problem = passwordProblem(passwordRule(repos.settings), password);
      if (problem) throw badRequest(problem);
      // a taken address is answered as an invalid one: the change does not tell whose addresses exist
      if (email !== undefined && !usableEmail(deps, email, user.id)) throw badRequest(EMAIL_REFUSED_MESSAGE);
      const hash = await hashPasswordAsync(password);
      repos.account.changePassword(user.id, hash, email);
      return { Success: true };
    }),
  );

  return router;
}
