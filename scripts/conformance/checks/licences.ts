// Licence lifecycle (wire §2.1, §1 authentication, §5 errors): obtain, headers and cookies,
// token in query or header, keep-alive, validate, release by GET and DELETE, parallel sign-ins.
// Releases run last: on a server where one user's sign-ins share a token they end the kit's session.
import { failed, header, keys, status, that } from '../expect';
import { signIn } from '../discover';
import { type Check, type Context } from '../types';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OFFSET_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)$/;

const LICENSE = {
  Username: 'string',
  Domain: 'string',
  AuthServer: 'string',
  Type: 'int',
  IPAddress: 'string',
  DateCreated: 'string',
  DateAccessed: 'string',
  Token: 'string',
  Reg: 'int',
  'Active?': 'boolean',
} as const;

/** A call with the token alone (no Basic), as QS and a browser client make them. */
const tokenOnly = (ctx: Context, label: string, token: string, tokenIn: 'query' | 'header' = 'query') =>
  ctx.wire.call(label, 'dbs', { basic: false, token, tokenIn, template: 'dbs' });

export const licenceChecks: Check[] = [
  {
    id: 'licences.obtain',
    group: 'licences',
    title:
      'GET licenses with Basic answers a License object in PascalCase with a GUID Token and dates carrying a UTC offset (§2.1, §1 Dates)',
    ref: '§2.1',
    async run({ wire }) {
      const a = await wire.call('obtain', 'licenses');
      status(a, 200, 'GET licenses');
      const lic = keys(a.json, LICENSE, 'License');
      that(GUID.test(String(lic.Token)), 'License.Token', 'a GUID', lic.Token);
      for (const k of ['DateCreated', 'DateAccessed'])
        that(OFFSET_DATE.test(String(lic[k])), `License.${k}`, 'a date with a UTC offset', lic[k]);
      that(lic.Username === wire.user, 'License.Username', wire.user, lic.Username);
    },
  },
  {
    id: 'licences.headers',
    group: 'licences',
    title:
      'The licence answer carries header SS-Token and cookies sstoken (both the Token) and authenticatedUser (§1 Server headers, §2.1)',
    ref: '§1, §2.1',
    async run({ wire }) {
      const a = await wire.call('obtain', 'licenses');
      status(a, 200, 'GET licenses');
      const token = String(keys(a.json, { Token: 'string' }, 'License', false).Token);
      header(a, 'SS-Token', token, 'GET licenses');
      const cookies = a.headers.getSetCookie();
      that(
        cookies.some((c) => c.startsWith(`sstoken=${token}`)),
        'Set-Cookie',
        `sstoken=<Token>`,
        cookies.map((c) => c.split(';')[0]?.split('=')[0]),
      );
      that(
        cookies.some((c) => c.startsWith('authenticatedUser=')),
        'Set-Cookie',
        'authenticatedUser=<user>',
        cookies.map((c) => c.split('=')[0]),
      );
    },
  },
  {
    id: 'licences.denied',
    group: 'licences',
    title: 'Wrong credentials are refused with 401 or 403 and no token (§5)',
    ref: '§5',
    async run({ wire }) {
      const a = await wire.call('wrong password', 'licenses', {
        basic: { user: wire.user, password: `not-${Date.now().toString(36)}` },
      });
      status(a, [401, 403], 'GET licenses with a wrong password');
      that(!a.headers.has('SS-Token'), 'SS-Token header', 'absent', a.headers.get('SS-Token'));
    },
  },
  {
    id: 'licences.token-query',
    group: 'licences',
    title: 'The token alone as query Token authenticates a call (§1 Authentication, GO)',
    ref: '§1',
    async run(ctx) {
      const { token } = await ctx.found();
      status(await tokenOnly(ctx, 'dbs with Token', token), 200, 'GET dbs?Token=');
    },
  },
  {
    id: 'licences.token-header',
    group: 'licences',
    title: 'The token alone as header Auth-Token authenticates a call (§1 Authentication, QS)',
    ref: '§1',
    async run(ctx) {
      const { token } = await ctx.found();
      status(await tokenOnly(ctx, 'dbs with Auth-Token', token, 'header'), 200, 'GET dbs with Auth-Token');
    },
  },
  {
    id: 'licences.keep-alive',
    group: 'licences',
    title:
      'GET licenses?Token= renews: a License whose Token (the same or a new one) keeps working (§2.1 keep-alive)',
    ref: '§2.1',
    async run(ctx) {
      const { token } = await ctx.found();
      const a = await ctx.wire.call('renew', 'licenses', { token });
      status(a, 200, 'GET licenses?Token=');
      const renewed = String(keys(a.json, LICENSE, 'License').Token);
      status(
        await tokenOnly(ctx, 'dbs with the renewed token', renewed),
        200,
        'GET dbs with the renewed token',
      );
    },
  },
  {
    id: 'licences.validate',
    group: 'licences',
    title: 'GET licenses?validate= answers bare true for a live token and false for an unknown one (§2.1)',
    ref: '§2.1',
    async run(ctx) {
      const { token } = await ctx.found();
      const live = await ctx.wire.call('validate live', 'licenses', { query: { validate: token } });
      status(live, 200, 'validate a live token');
      that(live.json === true, 'validate a live token', 'true', live.text);
      const unknown = await ctx.wire.call('validate unknown', 'licenses', {
        query: { validate: '6f1c1a52-0000-4000-8000-00000000c0de' },
      });
      status(unknown, 200, 'validate an unknown token');
      that(unknown.json === false || unknown.text === '', 'validate an unknown token', 'false', unknown.text);
    },
  },
  {
    id: 'licences.parallel',
    group: 'licences',
    title:
      'Four parallel sign-ins of one user give four distinct tokens; releasing one leaves the other three working (§2.1, issue 30 item 1)',
    ref: '§2.1',
    async run(ctx) {
      const { wire } = ctx;
      const tokens = await Promise.all([1, 2, 3, 4].map((n) => signIn(wire, `sign-in ${n}`)));
      that(
        new Set(tokens).size === 4,
        'tokens of four sign-ins',
        '4 distinct',
        `${new Set(tokens).size} distinct`,
      );
      const [gone, ...kept] = tokens as [string, ...string[]];
      status(
        await wire.call('release one', `licenses/${gone}`, { template: 'licenses/{token}' }),
        200,
        'release',
      );
      for (const [n, t] of kept.entries())
        status(
          await tokenOnly(ctx, `still working ${n + 1}`, t),
          200,
          `GET dbs with another sign-in's token`,
        );
      failed(await tokenOnly(ctx, 'released', gone), 'GET dbs with the released token');
      for (const [n, t] of kept.entries())
        await wire.call(`release ${n + 2}`, `licenses/${t}`, { template: 'licenses/{token}' });
    },
  },
  {
    id: 'licences.release-get',
    group: 'licences',
    title:
      'GET licenses/{token} releases: 200 with an empty body (Content-Length 0); the token then stops working (§2.1)',
    ref: '§2.1',
    async run(ctx) {
      const token = await signIn(ctx.wire);
      const a = await ctx.wire.call('release', `licenses/${token}`, { template: 'licenses/{token}' });
      status(a, 200, 'GET licenses/{token}');
      that(a.bytes.length === 0, 'release body', 'empty', a.text);
      header(a, 'Content-Length', '0', 'GET licenses/{token}');
      failed(await tokenOnly(ctx, 'after release', token), 'GET dbs with the released token');
    },
  },
  {
    id: 'licences.release-delete',
    group: 'licences',
    title: 'DELETE licenses/{token} releases with 200; the token then stops working (§2.1, QS)',
    ref: '§2.1',
    async run(ctx) {
      const token = await signIn(ctx.wire);
      const a = await ctx.wire.call('release', `licenses/${token}`, {
        method: 'DELETE',
        template: 'licenses/{token}',
      });
      status(a, 200, 'DELETE licenses/{token}');
      failed(await tokenOnly(ctx, 'after release', token), 'GET dbs with the released token');
    },
  },
];
