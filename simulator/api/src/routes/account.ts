// The caller's own account (end-user spec §7): `GET users`, `GET users?needsDbId=true` and the
// self password change `POST users?isSelfPasswordChange=true&token=` with body `{password}`
// (optionally `Email`; 409 when another user has that address). Shapes are our design
// (contract/src/account.ts, decision 022). Passwords are hashed (scrypt) before they are stored.
import { Router, type Request } from 'express';
import { EMAIL_TAKEN_MESSAGE, type Account, type NeedsDbId } from '@gs/contract/account';
import { accessOf, type RouteDeps } from '../deps';
import { callerOf } from '../http/auth';
import { badRequest, HttpError, notFound } from '../http/errors';
import { parseBool, query } from '../http/query';
import { hashPasswordAsync } from '../db/passwords';
import { passwordProblem, passwordRule } from '../services/passwordPolicy';

/** `?name` alone (the spec's `users?isSelfPasswordChange&token`) counts as true. */
const flag = (req: Request, name: string): boolean => {
  const v = query(req, name);
  return v === undefined ? false : v.trim() === '' || parseBool(v, name);
};

const MAX_EMAIL = 254;
const EMAIL = /^[^\s@]+@[^\s@]+$/u;

function bodyOf(body: unknown): { password: string; email: string | undefined } {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('A body {password} is required.');
  const record = body as Record<string, unknown>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === 'password');
  const password = key === undefined ? undefined : record[key];
  if (typeof password !== 'string') throw badRequest(`'password' must be a string.`);
  const emailKey = Object.keys(record).find((k) => k.toLowerCase() === 'email');
  const email = emailKey === undefined ? undefined : record[emailKey];
  if (
    email !== undefined &&
    (typeof email !== 'string' || email.length > MAX_EMAIL || (email !== '' && !EMAIL.test(email)))
  )
    throw badRequest(`'Email' must be an e-mail address.`);
  return { password, email: email?.trim() };
}

export function createAccountRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const router = Router();

  router.get('/users', deps.auth.requireAuth, (req, res) => {
    const { user } = callerOf(res);
    if (flag(req, 'needsDbId')) {
      const dbs = accessOf(deps, res).visibleDatabases();
      const body: NeedsDbId = {
        NeedsDbId: dbs.length !== 1,
        DatabaseId: dbs.length === 1 ? (dbs[0]?.Id ?? null) : null,
      };
      res.json(body);
      return;
    }
    const row = repos.account.account(user.id);
    if (!row) throw notFound(`The user ${user.name} does not exist.`);
    const body: Account = {
      Name: row.name,
      Email: row.email,
      License: row.licenseType,
      CanDelegate: row.canDelegate,
    };
    res.json(body);
  });

  router.post('/users', deps.auth.requireAuth, async (req, res) => {
    if (!flag(req, 'isSelfPasswordChange'))
      throw badRequest(`Only 'isSelfPasswordChange=true' is supported.`);
    const { user } = callerOf(res);
    const { password, email } = bodyOf(req.body);
    if (password.trim() === '') throw badRequest('The password must not be blank.');
    const problem = passwordProblem(passwordRule(repos.settings), password);
    if (problem) throw badRequest(problem);
    if (email && repos.account.emailTaken(email, user.id))
      throw new HttpError(409, { Message: EMAIL_TAKEN_MESSAGE });
    const hash = await hashPasswordAsync(password);
    repos.account.changePassword(user.id, hash, email);
    res.json({ Success: true });
  });

  return router;
}
