// No hand-written route handlers (decision 063): every route of the API is registered as
// `router.x(path, ...route(deps, spec, handler))`, the anonymous ones too (`policy: anonymous`).
// A file that registers `router.x(path, requireAuth, (req, res) => ...)` must be listed below with
// its count, and the list only shrinks: it is empty, so any hand-written route fails this test.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Hand-written routes left per file: none (the last ten, anonymous, moved in issue 28). */
const LEFT: Record<string, number> = {};

const src = fileURLToPath(new URL('..', import.meta.url));
const METHODS = new Set(['get', 'post', 'put', 'delete', 'patch', 'all']);
/** the test harnesses and the trainer's own pages are no routes of the API */
const SKIPPED_DIRS = new Set(['testing', 'trainer', 'node_modules']);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return SKIPPED_DIRS.has(e.name) ? [] : sourceFiles(join(dir, e.name));
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [];
  });

/** `router`, `adminRouter`, `app`, `this.router`: what routes are registered on */
const ROUTER = /(^|\.)(\w*router|app)$/i;

const calleeMethod = (call: ts.CallExpression): string | undefined => {
  const callee = call.expression;
  if (ts.isPropertyAccessExpression(callee) && ROUTER.test(callee.expression.getText()))
    return callee.name.text;
  // router[method](...), for a route registered under several methods
  if (ts.isElementAccessExpression(callee) && ROUTER.test(callee.expression.getText())) return 'get';
  return undefined;
};

/** Route registrations whose handlers are not route()'s: `router.get(path, a, b)` with no `...route(...)`. */
export function handwrittenRoutes(code: string, fileName = 'file.ts'): number {
  const file = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  let count = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.arguments.length >= 2) {
      const method = calleeMethod(node);
      if (method !== undefined && METHODS.has(method) && !node.arguments.some(ts.isSpreadElement)) count++;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return count;
}

/**
 * Whether the code may register a route: a callee ROUTER matches ends in `router` or is `app`, so
 * a file naming neither has none; only the others are parsed (parsing every file was most of the test).
 */
const mayRegister = (code: string): boolean => /router\b|\bapp\b/i.test(code);

const counted = (): Record<string, number> =>
  Object.fromEntries(
    sourceFiles(src)
      .map((f) => [f, readFileSync(f, 'utf8')] as const)
      .filter(([, code]) => mayRegister(code))
      .map(([f, code]) => [basename(f), handwrittenRoutes(code, f)] as const)
      .filter(([, n]) => n > 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

describe('routes are written on route()', () => {
  it('tells a hand-written route from one on route()', () => {
    const code = [
      "router.get('/a', deps.auth.requireAuth, (req, res) => res.json(1));",
      "router.post(['/b', '/c'], auth.requireAuth, receive, answer);",
      "for (const m of ['get', 'post'] as const) router[m](`${DOC}/copy`, requireAuth, copy);",
      "router.get('/d', ...route(deps, { policy: signedIn }, () => 1));",
      "headers.get('x'); map.delete(key, other); mapped.get(a, b);",
    ].join('\n');
    expect(handwrittenRoutes(code)).toBe(3);
    // the files left unparsed: none naming a router or an app
    expect(code.split('\n').map(mayRegister)).toEqual([true, true, true, true, false]);
    expect(mayRegister('const adminRouter = Router();\napp.use(x);')).toBe(true);
  });

  it('adds no hand-written route, and lowers the list as routes move', () => {
    // a file whose count went down (or to none) must be lowered here, so the list only shrinks
    expect(counted()).toEqual(LEFT);
  });
});
