// The built web client, served like a production web app (issue 11; our design, decision 011):
// hashed files under /assets/ are cached for a year as immutable, everything else (index.html,
// the SPA fallback, unhashed public files) is revalidated every time (`no-cache`). A file that the
// build precompressed (`.br`, `.gz` beside it, client/vite.config.ts) is sent compressed when the
// request's Accept-Encoding allows, with its own Content-Type, `Content-Encoding` and
// `Vary: Accept-Encoding`; Range requests work on the uncompressed file. No directory listings.
// Any other GET that is not an API or asset path gets index.html (the client's routes). Its HTML
// pages carry the client's Content-Security-Policy (clientPolicy.ts, decision 043).
import { Router, type Request, type Response, type NextFunction } from 'express';
import type { ClientConfig } from '@gs/contract/config';
import { statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { clientPagePolicy } from './clientPolicy';

/** Paths of the API, never answered with the client (any casing, as Express mounts it). */
const UNDER_API = /^\/square9api(\/|$)/i;
/** Vite's output folder of content-hashed files. */
const ASSETS = /^\/assets\//;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** The precompressed variants the build writes, by preference (brotli is smaller). */
const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
    // not there: not a file to serve
  } catch {
    return false;
  }
}

/** The request path as a file below root, or null (bad escapes, dot files, outside root). */
function fileBelow(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
    // a malformed %-escape names no file
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split('/').some((part) => part.startsWith('.'))) return null;
  const full = resolve(root, `.${decoded}`);
  if (!full.startsWith(root + sep)) return null;
  return isFile(full) ? full : null;
}

interface Served {
  root: string;
  /** the Content-Security-Policy of the client's HTML pages */
  pagePolicy: string;
}

function sendFile(
  req: Request,
  res: Response,
  next: NextFunction,
  { root, pagePolicy }: Served,
  file: string,
  cacheControl: string,
) {
  const relative = file.slice(root.length + 1);
  if (/\.html?$/i.test(file)) res.set('Content-Security-Policy', pagePolicy);
  const available = VARIANTS.filter((v) => isFile(file + v.suffix));
  // our preference among what the request accepts (browsers list gzip before br at equal weight)
  const variant = available.find((v) => req.acceptsEncodings(v.encoding) === v.encoding);
  res.set('Cache-Control', cacheControl);
  if (available.length > 0) res.vary('Accept-Encoding');
  if (variant) {
    // the type of the original file, not of its .br/.gz; byte ranges only of the original
    res.type(extname(file));
    res.set('Content-Encoding', variant.encoding);
  }
  res.sendFile(
    variant ? relative + variant.suffix : relative,
    { root, dotfiles: 'deny', cacheControl: false, acceptRanges: !variant, lastModified: true },
    (error?: Error) => {
      if (error && !res.headersSent) next(error);
    },
  );
}

/** GET and HEAD of the built client in `clientDir`, with the SPA fallback to its index.html;
 * `config` is the config.json the API serves, whose addresses the pages' policy allows. */
export function createStaticClient(clientDir: string, config: ClientConfig): Router {
  const root = resolve(clientDir);
  const served: Served = { root, pagePolicy: clientPagePolicy(config) };
  const router = Router();
  router.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || UNDER_API.test(req.path)) return next();
    const file = req.path.endsWith('/') ? null : fileBelow(root, req.path);
    if (file) return sendFile(req, res, next, served, file, ASSETS.test(req.path) ? IMMUTABLE : REVALIDATE);
    // a missing hashed file is a 404, never index.html (a stale page asking for an old chunk)
    if (ASSETS.test(req.path)) return next();
    const index = resolve(root, 'index.html');
    if (!isFile(index)) return next();
    sendFile(req, res, next, served, index, REVALIDATE);
  });
  return router;
}
