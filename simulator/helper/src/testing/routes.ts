// Every method and path an express app serves, read from its router stacks (Express 5 / router 2:
// `app.router.stack`, a route layer has `route.path` and `route.methods`, a mounted router has
// `handle.stack` and its mount path in `rawPath`). The route walker and fuzz tests use it, so a
// route added to the helper is checked without anyone listing it.
import type { Express } from 'express';

export interface AppRoute {
  method: string;
  /** with express parameters, e.g. /api/bulk/jobs/:id */
  path: string;
}

interface LayerLike {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: LayerLike[] };
  rawPath?: unknown;
}

const join = (prefix: string, path: string): string =>
  `${prefix}/${path}`.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');

function walk(stack: readonly LayerLike[], prefix: string, out: AppRoute[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const [method, on] of Object.entries(layer.route.methods))
        if (on && method !== '_all')
          for (const path of paths) out.push({ method: method.toUpperCase(), path: join(prefix, path) });
    } else if (Array.isArray(layer.handle?.stack)) {
      const mount = typeof layer.rawPath === 'string' ? layer.rawPath : '';
      walk(layer.handle.stack, join(prefix, mount), out);
    }
  }
}

export function appRoutes(app: Express): AppRoute[] {
  const router = (app as unknown as { router?: { stack?: LayerLike[] } }).router;
  if (!router?.stack) throw new Error('not an Express 5 app: no app.router.stack');
  const out: AppRoute[] = [];
  walk(router.stack, '', out);
  return out;
}

/** A concrete path for a route: each `:param` becomes a harmless value. */
export const concretePath = (path: string): string =>
  path.replace(/:(\w+)/g, (_, name: string) => `${name}-1`);
