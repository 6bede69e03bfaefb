// Reads a Vite build manifest (.vite/manifest.json) and adds up the JavaScript a screen needs:
// the entry with everything it imports statically, plus the lazily loaded chunks of the screen's
// routes with their static imports, gzip-compressed at the level the build's .gz copies use.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The files of `keys` and of everything they import statically (not their dynamic imports). */
export function staticFiles(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return files;
}

/** The manifest's entry chunk (index.html for an app). */
export function entryKey(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);
  return entries[0] as string;
}

export function gzipBytes(outDir: string, files: Iterable<string>): number {
  let total = 0;
  for (const file of files)
    if (/\.m?js$/.test(file))
      total += gzipSync(readFileSync(join(outDir, file)), { level: constants.Z_BEST_COMPRESSION }).length;
  return total;
}

/**
 * The gzip size of the JavaScript a screen needs: the entry's static graph, the given route
 * modules (their source paths as the manifest names them) with theirs, and `extra` chunks.
 */
export function screenBytes(
  outDir: string,
  manifest: Manifest,
  routes: readonly string[],
  extra: readonly string[] = [],
): number {
  return gzipBytes(outDir, staticFiles(manifest, [entryKey(manifest), ...routes, ...extra]));
}

/**
 * The modules client/src/app/routes.tsx loads lazily (`lazy(() => import('../features/…'))`), as
 * the manifest names them (src/features/….tsx).
 */
export function lazyRouteModules(routesSource: string): string[] {
  const modules = [...routesSource.matchAll(/lazy\(\s*\(\)\s*=>\s*import\(\s*'\.\.\/([^']+)'\s*\)/g)].map(
    (m) => `src/${m[1]}.tsx`,
  );
  return [...new Set(modules)];
}

/**
 * The text parts (client/src/app/textParts.ts) each lazily loaded route loads with it: the routes
 * client/src/app/routes.tsx wraps in `<WithTexts part="…">`, by module as lazyRouteModules names them.
 */
export function routeTextParts(routesSource: string): Map<string, string[]> {
  const modules = new Map(
    [...routesSource.matchAll(/const (\w+) = lazy\(\s*\(\)\s*=>\s*import\(\s*'\.\.\/([^']+)'\s*\)/g)].map(
      (m) => [m[1] as string, `src/${m[2]}.tsx`],
    ),
  );
  const parts = new Map<string, string[]>();
  for (const m of routesSource.matchAll(/<WithTexts part="(\w+)">\s*<(\w+)\s*\/>/g)) {
    const module = modules.get(m[2] as string);
    if (!module) throw new Error(`${m[2]} in <WithTexts> is not a lazily loaded route`);
    parts.set(module, [...(parts.get(module) ?? []), m[1] as string]);
  }
  return parts;
}

/** The files a route adds to the entry's static graph: its chunk and its static imports not in the entry. */
export function routeOwnFiles(manifest: Manifest, route: string): string[] {
  const entry = staticFiles(manifest, [entryKey(manifest)]);
  return [...staticFiles(manifest, [route])].filter((file) => !entry.has(file));
}
