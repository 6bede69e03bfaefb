// `GET delegate` and `POST delegate` (end-user spec §7; also spelt `Delegate`, routes match any
// casing): the caller's delegation. Only a user allowed to delegate may save one (403 otherwise).
import { Router } from 'express';
import { DELEGATION_FORBIDDEN } from '@gs/contract/delegation';
import type { RouteDeps } from '../deps';
import { callerOf } from '../http/auth';
import { forbidden } from '../http/errors';
import { delegateIds, parseDelegationUpdate, readDelegation } from '../services/delegation';

export function createDelegateRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const router = Router();
  const canDelegate = (userId: number): boolean => repos.account.account(userId)?.canDelegate ?? false;

  router.get('/delegate', deps.auth.requireAuth, (_req, res) => {
    const { user } = callerOf(res);
    res.json(readDelegation(repos, user.id, user.name, canDelegate(user.id)));
  });

  router.post('/delegate', deps.auth.requireAuth, (req, res) => {
    const { user } = callerOf(res);
    const update = parseDelegationUpdate(req.body);
    if (!canDelegate(user.id)) throw forbidden(DELEGATION_FORBIDDEN);
    const ids = delegateIds(repos, user.id, update.Delegates);
    repos.account.saveDelegation(user.id, update.Active, ids, update.Emails);
    res.json(readDelegation(repos, user.id, user.name, true));
  });

  return router;
}
