// The password rule (security/services/passwordPolicy.ts) as administrators of all databases set it:
// `GET|PUT admin/passwordpolicy` (our design, contract PASSWORD_POLICY_PATH). A pattern the server
// cannot run on RE2 is refused with a 400 and nothing is saved; a read-only licence changes nothing.
import { Router } from 'express';
import { PASSWORD_POLICY_PATH } from '@gs/contract/account';
import type { Db } from '../../db/connection';
import type { RouteDeps } from '../../deps';
import { route, type Policy } from '../../http/route';
import { requireAdminAll } from '../services/adminRights';
import { readPasswordPolicy, savePasswordPolicy, storedPolicy } from '../services/passwordPolicy';
import { PASSWORD_POLICY_SETTING } from '@gs/contract/account';

const reader: Policy = ({ deps, caller }) => void requireAdminAll(deps, caller);
const writer: Policy = ({ deps, caller }) => void requireAdminAll(deps, caller, true);

export function createAdminPasswordPolicyRouter(deps: RouteDeps, db: Db): Router {
  const { settings } = deps.repos;
  const router = Router();
  const path = `/${PASSWORD_POLICY_PATH}`;
  const current = () => storedPolicy(settings.get(PASSWORD_POLICY_SETTING));

  router.get(path, ...route(deps, { policy: reader }, current));
  router.put(
    path,
    ...route(deps, { body: (raw: unknown) => raw, policy: writer, transaction: db }, (_c, { body }) => {
      savePasswordPolicy(settings, readPasswordPolicy(body));
      return current();
    }),
  );
  return router;
}
