// `GET delegate` and `POST delegate` (end-user spec §7; also spelt `Delegate`, routes match any
// casing): the caller's delegation. Only a user allowed to delegate may save one (403 otherwise).
import { Router } from 'express';
import { DELEGATION_FORBIDDEN } from '@gs/contract/delegation';
import type { RouteDeps } from '../../deps';
import { forbidden } from '../../domain/errors';
import { route, signedIn } from '../../http/route';
import { delegateIds, parseDelegationUpdate, readDelegation } from '../services/delegation';

export function createDelegateRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const router = Router();
  const canDelegate = (userId: number): boolean => repos.account.account(userId)?.canDelegate ?? false;

  router.get(
    '/delegate',
    ...route(deps, { policy: signedIn }, ({ caller: { user } }) =>
      readDelegation(repos, user.id, user.name, canDelegate(user.id)),
    ),
  );

  // the body is read before the right to delegate is checked, as it always was
  router.post(
    '/delegate',
    ...route(
      deps,
      { body: parseDelegationUpdate, policy: signedIn },
      ({ caller: { user } }, { body: update }) => {
        if (!canDelegate(user.id)) throw forbidden(DELEGATION_FORBIDDEN);
        const ids = delegateIds(repos, user.id, update.Delegates);
        repos.account.saveDelegation(user.id, update.Active, ids, update.Emails);
        return readDelegation(repos, user.id, user.name, true);
      },
    ),
  );

  return router;
}
