// Every route an express app has registered, read from its router stack (Express 5 / router 2:
// a layer's `rawPath`, a route's `methods`), so route walkers and the fuzz test cover new routes
// without a hand-kept list. Mount paths of nested routers are joined onto their routes' paths.
import type { Express } from 'express';

export interface RegisteredRoute {
  method: string;
  /** an Express path pattern, e.g. `/Square9API/api/dbs/:db/archives{/:archive}` */
  path: string;
}

interface LayerLike {
  rawPath?: unknown;
  route?: { path?: unknown; methods?: Record<string, boolean> };
  handle?: { stack?: LayerLike[] };
}

const joinPath = (base: string, part: string): string =>
  `${base.replace(/\/$/, '')}/${part.replace(/^\//, '')}`.replace(/\/$/, '') || '/';

const pathsOf = (raw: unknown): string[] => {
  if (typeof raw === 'string') return [raw];
  if (Array.isArray(raw)) return raw.filter((p): p is string => typeof p === 'string');
  // a layer without a path (app.use(fn)) matches everything under its mount
  return raw === undefined ? ['/'] : [];
};

function walk(stack: LayerLike[], base: string, out: RegisteredRoute[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods ?? {}).filter((m) => m !== '_all');
      for (const path of pathsOf(layer.route.path))
        for (const method of methods.length ? methods : ['get'])
          out.push({ method: method.toUpperCase(), path: joinPath(base, path) });
    } else if (layer.handle?.stack) {
      for (const mount of pathsOf(layer.rawPath)) walk(layer.handle.stack, joinPath(base, mount), out);
    }
  }
}

/** The app's routes, each method and path once, in registration order. */
export function registeredRoutes(app: Express): RegisteredRoute[] {
  const router = (app as unknown as { router?: { stack?: LayerLike[] } }).router;
  const out: RegisteredRoute[] = [];
  walk(router?.stack ?? [], '', out);
  const seen = new Set<string>();
  return out.filter((r) => {
    const key = `${r.method} ${r.path.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A concrete path for a pattern: `:name` and `*name` take `value(name)`; an optional group
 * `{...}` is kept when `keepOptional` says so. Values are inserted as given (already encoded).
 */
export function fillPath(
  pattern: string,
  value: (name: string) => string,
  keepOptional: () => boolean = () => true,
): string {
  const withGroups = pattern.replace(/\{([^{}]*)\}/g, (_m, inner: string) => (keepOptional() ? inner : ''));
  return withGroups.replace(/[:*](\w+)/g, (_m, name: string) => value(name)) || '/';
}
