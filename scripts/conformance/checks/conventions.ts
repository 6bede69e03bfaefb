// General conventions (wire §1, §5): the IIS/ASP.NET headers and CORS of every JSON answer, the
// authenticatedUser cookie, casing of the base path, path segments and query keys, the trailing
// slash, and the status and envelope of unauthenticated and unknown calls.
import { header, keys, status, that } from '../expect';
import { Skip, type Check } from '../types';

const dbsOf = (json: unknown): string => JSON.stringify(json);

export const conventionChecks: Check[] = [
  {
    id: 'conventions.json-headers',
    group: 'conventions',
    title:
      'A JSON answer has Content-Type application/json; charset=utf-8, Cache-Control no-cache, Pragma no-cache, Expires -1 (§1 Server headers)',
    ref: '§1',
    async run(ctx) {
      const { token } = await ctx.found();
      const a = await ctx.wire.call('dbs', 'dbs', { token });
      status(a, 200, 'GET dbs');
      header(a, 'Content-Type', 'application/json; charset=utf-8', 'GET dbs');
      header(a, 'Cache-Control', 'no-cache', 'GET dbs');
      header(a, 'Pragma', 'no-cache', 'GET dbs');
      header(a, 'Expires', '-1', 'GET dbs');
    },
  },
  {
    id: 'conventions.iis-headers',
    group: 'conventions',
    title:
      'Answers name Server Microsoft-IIS/10.0, X-Powered-By ASP.NET and an X-AspNet-Version (§1 Server headers)',
    ref: '§1',
    async run(ctx) {
      const { token } = await ctx.found();
      const a = await ctx.wire.call('dbs', 'dbs', { token });
      header(a, 'Server', /^Microsoft-IIS\//, 'GET dbs');
      header(a, 'X-Powered-By', 'ASP.NET', 'GET dbs');
      header(a, 'X-AspNet-Version', /^\d+(\.\d+)+$/, 'GET dbs');
    },
  },
  {
    id: 'conventions.cors',
    group: 'conventions',
    title:
      'Permissive CORS: Allow-Origin *, the Allow-Methods and Allow-Headers lists of the trace (§1 Server headers)',
    ref: '§1',
    async run(ctx) {
      const { token } = await ctx.found();
      const a = await ctx.wire.call('dbs', 'dbs', { token });
      header(a, 'Access-Control-Allow-Origin', '*', 'GET dbs');
      header(a, 'Access-Control-Allow-Methods', 'GET,HEAD,POST,DEBUG,PUT,DELETE,PATCH,OPTIONS', 'GET dbs');
      header(
        a,
        'Access-Control-Allow-Headers',
        'Origin,X-Requested-With,Content-Type,Accept,Authorization,Auth-Token,Onedrive-Token',
        'GET dbs',
      );
    },
  },
  {
    id: 'conventions.user-cookie',
    group: 'conventions',
    title:
      'Every authenticated call sets cookie authenticatedUser=<username> with path=/ and an expiry (§1 Server headers)',
    ref: '§1',
    async run(ctx) {
      const { token } = await ctx.found();
      const a = await ctx.wire.call('dbs', 'dbs', { token });
      const cookie = a.headers.getSetCookie().find((c) => c.startsWith('authenticatedUser='));
      that(cookie !== undefined, 'Set-Cookie', 'authenticatedUser=<user>', a.headers.getSetCookie());
      const value = decodeURIComponent(cookie?.split(';')[0]?.split('=')[1] ?? '');
      that(value.toLowerCase() === ctx.wire.user.toLowerCase(), 'authenticatedUser', ctx.wire.user, value);
      that(/;\s*path=\//i.test(cookie ?? ''), 'authenticatedUser cookie', 'path=/', cookie);
      that(/;\s*expires=/i.test(cookie ?? ''), 'authenticatedUser cookie', 'an expires attribute', cookie);
    },
  },
  {
    id: 'conventions.base-casing',
    group: 'conventions',
    title:
      'The base path answers in any casing: square9api/api, Square9Api/api, SQUARE9API/API (§1 Base path)',
    ref: '§1',
    async run(ctx) {
      const { token } = await ctx.found();
      const base = new URL(ctx.wire.base);
      if (!/square9api\/api/i.test(base.pathname))
        throw new Skip('the base URL has no Square9API/api segment');
      const first = await ctx.wire.call('dbs', 'dbs', { token });
      for (const spelling of ['square9api/api', 'Square9Api/api', 'SQUARE9API/API']) {
        const other = new URL(base);
        other.pathname = base.pathname.replace(/square9api\/api/i, spelling);
        const a = await ctx.wire.call(spelling, 'dbs', { token, template: `${spelling}/dbs` }, other.href);
        status(a, 200, `GET ${spelling}/dbs`);
        that(dbsOf(a.json) === dbsOf(first.json), `GET ${spelling}/dbs`, 'the same databases', a.text);
      }
    },
  },
  {
    id: 'conventions.path-casing',
    group: 'conventions',
    title: 'Path segments match in any casing: DBS/{db}/ARCHIVES answers as dbs/{db}/archives (§1 Base path)',
    ref: '§1',
    async run(ctx) {
      const { token, db } = await ctx.found();
      const lower = await ctx.wire.call('lower', `dbs/${db.Id}/archives`, {
        token,
        template: 'dbs/{db}/archives',
      });
      const upper = await ctx.wire.call('upper', `DBS/${db.Id}/ARCHIVES`, {
        token,
        template: 'DBS/{db}/ARCHIVES',
      });
      status(upper, 200, 'GET DBS/{db}/ARCHIVES');
      that(dbsOf(upper.json) === dbsOf(lower.json), 'GET DBS/{db}/ARCHIVES', 'the same archives', upper.text);
    },
  },
  {
    id: 'conventions.trailing-slash',
    group: 'conventions',
    title: 'A trailing slash is optional: dbs/ answers as dbs (§1 Base path, §2.2)',
    ref: '§1, §2.2',
    async run(ctx) {
      const { token } = await ctx.found();
      const plain = await ctx.wire.call('dbs', 'dbs', { token });
      const slash = await ctx.wire.call('dbs/', 'dbs/', { token });
      status(slash, 200, 'GET dbs/');
      that(dbsOf(slash.json) === dbsOf(plain.json), 'GET dbs/', 'the same databases', slash.text);
    },
  },
  {
    id: 'conventions.query-casing',
    group: 'conventions',
    title: 'Query keys match in any casing: token, TOKEN, Type=fields and TYPE=fields (§1 Base path)',
    ref: '§1',
    async run(ctx) {
      const { token, db, archiveId } = await ctx.found();
      for (const k of ['token', 'TOKEN', 'ToKeN'])
        status(await ctx.wire.call(k, 'dbs', { basic: false, query: { [k]: token } }), 200, `GET dbs?${k}=`);
      const path = `dbs/${db.Id}/archives/${archiveId}`;
      const template = 'dbs/{db}/archives/{archive}?TYPE=fields';
      const a = await ctx.wire.call('TYPE=fields', path, { token, query: { TYPE: 'fields' }, template });
      status(a, 200, 'GET archives?TYPE=fields');
      that(Array.isArray(a.json), 'GET archives?TYPE=fields', 'the bare array of fields', a.text);
    },
  },
  {
    id: 'conventions.unauthenticated',
    group: 'conventions',
    title: 'A call without credentials is refused with 401 (or 403) (§5, §1 Authentication)',
    ref: '§5',
    async run(ctx) {
      const a = await ctx.wire.call('dbs', 'dbs', { basic: false });
      status(a, [401, 403], 'GET dbs without credentials');
    },
  },
  {
    id: 'conventions.unknown-route',
    group: 'conventions',
    title:
      'An unknown route is 404 with the ASP.NET envelope {"Message": "No HTTP resource was found …"} (§5)',
    ref: '§5',
    async run(ctx) {
      const { token, db } = await ctx.found();
      const a = await ctx.wire.call('unknown', `dbs/${db.Id}/nosuchresource`, {
        token,
        template: 'dbs/{db}/nosuchresource',
      });
      status(a, 404, 'GET an unknown route');
      const body = keys(a.json, { Message: 'string' }, '404 body', false);
      that(
        /No HTTP resource was found/.test(String(body.Message)),
        '404 Message',
        'No HTTP resource was found …',
        body.Message,
      );
    },
  },
];
