// Extensions Manager API: version check, the Square9API path the helper talks to, and extension
// packages (CheckPackages, Install, Uninstall).
import { Router } from 'express';
import {
  HELPER_PACKAGES,
  HELPER_VERSION,
  type HelperPackage,
  type HelperTestResponse,
} from '@gs/contract/helper';
import { isPackage, type HelperState } from '../state';
import { badRequest } from '../errors';

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

export function managementRouter(state: HelperState): Router {
  const router = Router();
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
  router.post('/UpdateApi', (req, res) => {
    const value: unknown = req.body;
    if (typeof value !== 'string' || !/^https?:\/\/\S+$/i.test(value)) {
      throw badRequest(
        'UpdateApi takes the Square9API address as a JSON string, e.g. "http://server/Square9API/".',
      );
    }
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
