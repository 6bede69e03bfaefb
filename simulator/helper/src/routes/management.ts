// Extensions Manager API: version check, the Square9API path the helper talks to, and extension
// packages (CheckPackages, Install, Uninstall). UpdateApi re-points every later call (and the
// tokens they carry), so it needs a token that is live on the CURRENT API and a target among the
// addresses the deployment allows (startHelper's apiTargets); anything else leaves the settings
// as they were (decision 008). Install/Uninstall stay open: they only flip local flags, the
// scanning flow calls them before any sign-in, and their JSON body needs a CORS preflight that a
// foreign page does not pass.
import { Router } from 'express';
import {
  HELPER_PACKAGES,
  HELPER_VERSION,
  type HelperPackage,
  type HelperTestResponse,
} from '@gs/contract/helper';
import { isPackage, type HelperState } from '../state';
import { HelperError, badRequest } from '../errors';
import { requireUser, type Authorizer } from '../auth/users';

function packages(state: HelperState): HelperPackage[] {
  const installed = state.get().installed;
  return HELPER_PACKAGES.map((AppName) => ({
    AppName,
    Installed: installed.includes(AppName),
    Version: HELPER_VERSION,
  }));
}

/** Install/Uninstall take `{ AppNames: [...] }`; any casing of the key is accepted. */
function appNames(body: unknown): string[] {
  if (body && typeof body === 'object') {
    const entry = Object.entries(body).find(([k]) => k.toLowerCase() === 'appnames');
    if (entry && Array.isArray(entry[1]) && entry[1].every((n) => typeof n === 'string')) return entry[1];
  }
  throw badRequest('AppNames must be an array of extension names.');
}

function checkedNames(body: unknown) {
  const names = appNames(body);
  const unknown = names.filter((n) => !isPackage(n));
  if (unknown.length) throw badRequest(`Unknown extension: ${unknown.join(', ')}.`);
  return names.filter(isPackage);
}

/** An API address in a comparable form: origin and path in lower case, one trailing slash. */
export function apiTarget(text: string): string | undefined {
  try {
    const url = new URL(text.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.username || url.password || url.search || url.hash) return undefined;
    return `${url.origin}${url.pathname.replace(/\/?$/, '/')}`.toLowerCase();
  } catch {
    // not an address: no API target
    return undefined;
  }
}

export interface ManagementOptions {
  state: HelperState;
  authorize: Authorizer;
  /** the API addresses UpdateApi may choose among */
  apiTargets: readonly string[];
}

export function managementRouter({ state, authorize, apiTargets }: ManagementOptions): Router {
  const router = Router();
  const allowed = new Set(apiTargets.map(apiTarget).filter((t) => t !== undefined));
  router.get('/test', (_req, res) => {
    const body: HelperTestResponse = {
      Version: HELPER_VERSION,
      Mode: 'GlobalSearch',
      ApiPath: state.get().apiPath,
    };
    res.json(body);
  });
  router.get('/GetApi', (_req, res) => {
    res.json(state.get().apiPath);
  });
  router.post('/UpdateApi', requireUser(authorize), (req, res) => {
    const value: unknown = req.body;
    if (typeof value !== 'string' || !/^https?:\/\/\S+$/i.test(value)) {
      throw badRequest(
        'UpdateApi takes the Square9API address as a JSON string, e.g. "http://server/Square9API/".',
      );
    }
    if (!allowed.has(apiTarget(value) ?? ''))
      throw new HelperError(403, 'UpdateApi may only choose one of the API addresses this helper allows.');
    state.update({ apiPath: value });
    res.json(true);
  });
  router.get('/CheckPackages', (_req, res) => {
    res.json(packages(state));
  });
  router.post('/Install', (req, res) => {
    const names = checkedNames(req.body);
    const installed = [...new Set([...state.get().installed, ...names])];
    state.update({ installed });
    res.json(packages(state));
  });
  router.post('/Uninstall', (req, res) => {
    const names = checkedNames(req.body);
    state.update({ installed: state.get().installed.filter((n) => !names.includes(n)) });
    res.json(packages(state));
  });
  return router;
}
