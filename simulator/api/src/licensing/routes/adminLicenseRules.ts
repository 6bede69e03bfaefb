// `admin/licenserules` GET/POST/PUT/DELETE (admin-spec §3/§5/§7; IID in the query): how long a
// licence may live and stay idle, per user or group. Administrators of all databases only.
// The four built-ins are read-only (403) and IID 1 can never be deleted (403); a new rule gets
// 8 hours and 15 minutes unless it says otherwise. Our design where no source shows it: a rule
// names one existing user or group (stored with that name's casing), one rule per user or group
// and per name (409 otherwise), and it may not be idle longer than it may live (400).
import { Router } from 'express';
import { z } from 'zod';
import {
  LICENSE_RULE_TIME_TYPES,
  NEW_LICENSE_RULE_DEFAULTS,
  type AdminLicenseRule,
  type LicenseRuleTimeType,
} from '@gs/contract/admin/server';
import type { RouteDeps } from '../../deps';
import type { LicenseRuleRow } from '../repos/licenseRulesRepo';
import { badRequest, conflict, forbidden, notFound } from '../../domain/errors';
import { allReader, allWriter } from '../../http/adminPolicies';
import { asSent, queryLookup, route } from '../../http/route';
import { lowerKeys, parseId, readKey, type Lookup } from '../../lib/keys';
import { int32, parseBody, trimmed } from '../../lib/zodInput';

export const licenseRuleMessages = {
  notFound: (iid: number) => `License rule ${iid} was not found.`,
  builtIn: (name: string) => `The built-in license rule '${name}' cannot be changed.`,
  undeletable: 'The Default license rule cannot be deleted.',
};

const MINUTES: Record<LicenseRuleTimeType, number> = { minutes: 1, hours: 60, days: 1440 };
/** a year, in any unit: longer is surely a mistake */
const MAX_MINUTES = 525_600;

const timeType = z.string().trim().toLowerCase().pipe(z.enum(LICENSE_RULE_TIME_TYPES));
const ruleBody = z.object({
  name: trimmed.pipe(z.string().min(1, 'Name is required.').max(100)).optional(),
  type: int32.pipe(z.union([z.literal(1), z.literal(2), z.literal(4)])).optional(),
  maxtime: int32.pipe(z.number().min(1)).optional(),
  maxtimetype: timeType.optional(),
  maxtimelastaccessed: int32.pipe(z.number().min(1)).optional(),
  maxtimelastaccessedtype: timeType.optional(),
  userorgroup: trimmed.optional(),
});
const EXPECTED =
  '{Name, Type, MaxTime, MaxTimeType, MaxTimeLastAccessed, MaxTimeLastAccessedType, UserOrGroup}';

const toRule = (r: LicenseRuleRow): AdminLicenseRule => ({
  IID: r.iid,
  Name: r.name,
  Type: r.type,
  MaxTime: r.maxTime,
  MaxTimeType: r.maxTimeType,
  MaxTimeLastAccessed: r.maxTimeLastAccessed,
  MaxTimeLastAccessedType: r.maxTimeLastAccessedType,
  UserOrGroup: r.userOrGroup,
});

/** IID from the query, else from the body (PUT); 400 when neither holds one. */
function iidOf(query: Lookup, body: unknown): number {
  const q = query('IID');
  if (q !== undefined) return parseId(q, 'IID');
  const b = readKey(lowerKeys(body ?? {}), 'iid');
  if (typeof b === 'number' || typeof b === 'string') return parseId(String(b), 'IID');
  throw badRequest(`The query parameter 'IID' is required.`);
}

export function createAdminLicenseRulesRouter(deps: RouteDeps): Router {
  const repo = deps.repos.adminServer.licenseRules;
  const router = Router();

  /** The rule a body makes from `base`, checked against the other rules (all but `iid`). */
  const ruleFrom = (body: unknown, base: Omit<LicenseRuleRow, 'iid' | 'builtIn'>, iid: number) => {
    const b = parseBody(ruleBody, body, EXPECTED);
    const rule = {
      name: b.name ?? base.name,
      type: b.type ?? base.type,
      maxTime: b.maxtime ?? base.maxTime,
      maxTimeType: b.maxtimetype ?? base.maxTimeType,
      maxTimeLastAccessed: b.maxtimelastaccessed ?? base.maxTimeLastAccessed,
      maxTimeLastAccessedType: b.maxtimelastaccessedtype ?? base.maxTimeLastAccessedType,
      userOrGroup: b.userorgroup ?? base.userOrGroup,
    };
    if (!rule.name) throw badRequest('Name is required.');
    if (!rule.type) throw badRequest('Type is required: 1 full, 2 web edit or 4 read only.');
    const life = rule.maxTime * MINUTES[rule.maxTimeType];
    const idle = rule.maxTimeLastAccessed * MINUTES[rule.maxTimeLastAccessedType];
    if (life > MAX_MINUTES || idle > MAX_MINUTES)
      throw badRequest('A license rule may not last longer than a year.');
    if (idle > life) throw badRequest('MaxTimeLastAccessed may not be longer than MaxTime.');
    if (!rule.userOrGroup) throw badRequest('UserOrGroup is required.');
    const principal = repo.principalName(rule.userOrGroup);
    if (!principal) throw badRequest(`There is no user or group named '${rule.userOrGroup}'.`);
    const named = repo.byName(rule.name);
    if (named && named.iid !== iid) throw conflict(`A license rule named '${named.name}' already exists.`);
    const other = repo.byPrincipal(principal);
    if (other && other.iid !== iid)
      throw conflict(`'${principal}' already has the license rule '${other.name}'.`);
    return { ...rule, userOrGroup: principal };
  };

  const writing = { query: queryLookup, body: asSent, policy: allWriter };
  router.get(
    '/admin/licenserules',
    ...route(deps, { query: queryLookup, policy: allReader }, (_c, { query }) => {
      const q = query('IID');
      if (q === undefined) return repo.all().map(toRule);
      const iid = parseId(q, 'IID');
      const rule = repo.byIid(iid);
      if (!rule) throw notFound(licenseRuleMessages.notFound(iid));
      return toRule(rule);
    }),
  );

  router.post(
    '/admin/licenserules',
    ...route(deps, writing, (_c, { body }) => {
      const d = NEW_LICENSE_RULE_DEFAULTS;
      const base = {
        ...{ name: '', type: 0, userOrGroup: '' },
        ...{ maxTime: d.MaxTime, maxTimeType: d.MaxTimeType, maxTimeLastAccessed: d.MaxTimeLastAccessed },
        maxTimeLastAccessedType: d.MaxTimeLastAccessedType,
      };
      const saved = repo.transaction(() => {
        const iid = repo.insert(ruleFrom(body, base, 0));
        return repo.byIid(iid) as LicenseRuleRow;
      });
      return toRule(saved);
    }),
  );

  router.put(
    '/admin/licenserules',
    ...route(deps, writing, (_c, { query, body }) => {
      const iid = iidOf(query, body);
      const saved = repo.transaction(() => {
        const current = repo.byIid(iid);
        if (!current) throw notFound(licenseRuleMessages.notFound(iid));
        if (current.builtIn) throw forbidden(licenseRuleMessages.builtIn(current.name));
        repo.update({ ...ruleFrom(body, current, iid), iid });
        return repo.byIid(iid) as LicenseRuleRow;
      });
      return toRule(saved);
    }),
  );

  router.delete(
    '/admin/licenserules',
    ...route(deps, writing, (_c, { query, body }) => {
      const iid = iidOf(query, body);
      if (iid === 1) throw forbidden(licenseRuleMessages.undeletable);
      if (!repo.transaction(() => repo.remove(iid))) throw notFound(licenseRuleMessages.notFound(iid));
      return true;
    }),
  );

  return router;
}
