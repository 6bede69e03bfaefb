// What the fuzz test sends: for one route, a concrete request built from a seeded generator: path
// values, query, headers, credentials and a body drawn from valid values harvested from the
// running simulator and from malformed ones (bad percent-encoding, deep JSON, broken multipart,
// a body labelled gzip that is not, NUL bytes...). Every address it names is on the loopback, so
// the simulator under test never reaches another host.
import { gzipSync } from 'node:zlib';
import type { Rng } from '@gs/simulator-fixtures/random';
import { fillPath, type RegisteredRoute } from '../testing/routes';

export interface FuzzRequest {
  method: string;
  /** the raw request target: path and query, encoded as sent */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** a short label of the body kind, for the failure report */
  bodyKind: string;
}

/** Values seen in the simulator's answers (ids, hashes, names), so requests reach deeper code. */
export class Harvest {
  readonly ints = new Set<string>(['1', '2', '3']);
  readonly strings = new Set<string>();

  take(value: unknown, depth = 0): void {
    if (depth > 6 || this.ints.size + this.strings.size > 4000) return;
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) this.ints.add(String(value));
    else if (typeof value === 'string' && value.length > 0 && value.length < 200) this.strings.add(value);
    else if (Array.isArray(value)) for (const v of value.slice(0, 50)) this.take(v, depth + 1);
    else if (value && typeof value === 'object')
      for (const v of Object.values(value as Record<string, unknown>).slice(0, 50)) this.take(v, depth + 1);
  }
}

/** Credentials a request may carry; `token` is refreshed by the runner when the fuzz releases it. */
export interface FuzzIdentity {
  token: string;
  basic: string;
  wrongBasic: string;
  /** the API address on the loopback (for helper bodies that name it) */
  apiPath: string;
}

const JUNK_SEGMENTS = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1.5',
  'abc',
  '%E0%A4%A',
  '%',
  '%zz',
  '%00',
  '%C3%A9',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  'null',
  'undefined',
  encodeURIComponent("'; DROP TABLE users; --"),
  'a'.repeat(600),
];

const JUNK_VALUES = [
  '',
  ' ',
  '-1',
  '0',
  '1e309',
  'NaN',
  'true',
  '[]',
  '{}',
  '{"a":',
  '%E0%A4%A',
  'x'.repeat(3000),
  '\u0000',
  'C:\\Windows\\win.ini',
  '..\\..\\secret',
  '/etc/passwd',
  'http://127.0.0.1:1/x',
  'file:///etc/passwd',
  '2026-13-45',
  '2026-11-20',
  '11/24/2026',
  '02/30/2026',
  '00000000-0000-0000-0000-000000000000',
];

/** Query keys the routes read, in any casing the clients use. */
const QUERY_KEYS = [
  'Token',
  'token',
  'SecureId',
  'secureid',
  'page',
  'RecordsPerPage',
  'SearchCriteria',
  'Count',
  'DocumentID',
  'url',
  'FileName',
  'FilePath',
  'Id',
  'jobid',
  'action',
  'type',
  'index',
  'Field',
  'Filter1',
  'Filter2',
  'database',
  'Database',
  'Archive',
  'ActionID',
  'withAnnotations',
  'RequestedPages',
  'DestinationArchive',
  'Job',
  'sort',
  'validate',
  'User',
  'DatabaseName',
  'userToken',
  'forceLogout',
  'All',
  'path',
  'chunk',
  'Annotations',
  'authorize',
  'Page',
  'DocLimit',
  'tabId',
  'time',
  'needsDbId',
  // the batch capture API (decision 028)
  'portalId',
  'batchId',
  'docId',
  'actionId',
  'overrideBatchCriteria',
  'status',
  'pageSize',
  'admin',
  'instanceId',
  'databaseId',
  // analytics (decision 039) and workflow
  'startdate',
  'enddate',
  'tzoffset',
  'actions',
  'portal',
  'archiveid',
  'dbid',
  'workflowid',
  'nodeType',
  'queueKey',
  'lang',
];

const BODY_KEYS = [
  'Id',
  'ID',
  'VAL',
  'MVAL',
  'Fields',
  'fields',
  'files',
  'name',
  'value',
  'Documents',
  'Database',
  'Archive',
  'SearchId',
  'SearchCriteria',
  'Pages',
  'Scanner',
  'Format',
  'Jobs',
  'AppNames',
  'CsvPath',
  'ErrorPath',
  'UpdateType',
  'DocIDs',
  'Values',
  'FieldIDs',
  'DatabaseID',
  'ArchiveID',
  'Token',
  'Filename',
  'InboxID',
  'NewName',
  'Rotation',
  'Annotations',
  // capture portals and batches, the trainer's API
  'Name',
  'Files',
  'Type',
  'InstanceId',
  'InboxId',
  'scenario',
  'seats',
  'faults',
  'offsetms',
  '__proto__',
  'constructor',
];

export function makeRequest(
  rng: Rng,
  route: RegisteredRoute,
  harvest: Harvest,
  who: FuzzIdentity,
): FuzzRequest {
  const ints = [...harvest.ints];
  const strings = [...harvest.strings];
  const segment = (): string =>
    rng.weighted<() => string>([
      [() => rng.pick(ints), 5],
      [() => encodeURIComponent(rng.pick(strings.length ? strings : ['x'])), 2],
      [() => rng.pick(JUNK_SEGMENTS), 2],
    ])();
  const path = fillPath(route.path, segment, () => rng.chance(0.7));
  const query = new URLSearchParams();
  const extra: string[] = [];
  for (let i = rng.int(0, 5); i > 0; i--) {
    const key = rng.pick(QUERY_KEYS);
    const value = scalar(rng, ints, strings);
    if (rng.chance(0.05)) extra.push(`${key}=${rng.pick(['%E0%A4%A', '%', '%zz', '%00'])}`);
    else query.append(key, value);
  }
  const headers: Record<string, string> = {};
  const auth = rng.weighted<string>([
    ['none', 3],
    ['token', 6],
    ['tokenQuery', 2],
    ['basic', 1],
    ['wrongBasic', 1],
    ['junkToken', 1],
  ]);
  if (auth === 'token') headers['Auth-Token'] = who.token;
  if (auth === 'tokenQuery') query.set('token', who.token);
  if (auth === 'basic') headers.Authorization = who.basic;
  if (auth === 'wrongBasic') headers.Authorization = who.wrongBasic;
  if (auth === 'junkToken') headers['Auth-Token'] = rng.pick(JUNK_VALUES.filter((v) => !/[\r\n\0]/.test(v)));
  if (rng.chance(0.2)) headers.Origin = rng.pick(['https://evil.example', 'null', 'http://localhost:1']);
  const qs = [query.toString(), ...extra].filter(Boolean).join('&');
  const body =
    route.method === 'GET' || route.method === 'DELETE' ? maybeBody(rng, 0.05) : maybeBody(rng, 0.9);
  return {
    method: route.method,
    target: qs ? `${path}?${qs}` : path,
    headers: { ...headers, ...body.headers },
    body: body.bytes,
    bodyKind: body.kind,
  };

  function maybeBody(r: Rng, p: number): { kind: string; bytes?: Buffer; headers: Record<string, string> } {
    if (!r.chance(p)) return { kind: 'none', headers: {} };
    return makeBody(r, ints, strings, who);
  }
}

function scalar(rng: Rng, ints: string[], strings: string[]): string {
  return rng.weighted<() => string>([
    [() => rng.pick(ints), 4],
    [() => rng.pick(strings.length ? strings : ['x']), 3],
    [() => rng.pick(JUNK_VALUES), 3],
    [() => JSON.stringify([{ FID: Number(rng.pick(ints)), VAL: rng.pick(JUNK_VALUES) }]), 1],
  ])();
}

function jsonValue(rng: Rng, ints: string[], strings: string[], depth: number): unknown {
  const kind = rng.int(0, depth > 3 ? 4 : 7);
  switch (kind) {
    case 0:
      return Number(rng.pick(ints));
    case 1:
      return rng.pick(strings.length ? strings : ['x']);
    case 2:
      return rng.pick([null, true, false, -1, 0, 1.5, 1e308, '', 'x'.repeat(5000)]);
    case 3:
      return rng.pick(JUNK_VALUES);
    case 4:
      return rng.int(0, 3);
    case 5:
    case 6: {
      const o: Record<string, unknown> = {};
      for (let i = rng.int(0, 6); i > 0; i--)
        o[rng.pick(BODY_KEYS)] = jsonValue(rng, ints, strings, depth + 1);
      return o;
    }
    default:
      return Array.from({ length: rng.int(0, 5) }, () => jsonValue(rng, ints, strings, depth + 1));
  }
}

const json = (bytes: Buffer | string, kind: string, type = 'application/json') => ({
  kind,
  bytes: Buffer.from(bytes),
  headers: { 'Content-Type': type },
});

function multipart(parts: { name: string; filename?: string; data: Buffer }[], close = true): Buffer {
  const boundary = 'fuzzBoundary7MA4YWxk';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename === undefined ? '' : `; filename="${p.filename}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${disposition}\r\n` +
          `Content-Type: application/octet-stream\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const MULTIPART_TYPE = 'multipart/form-data; boundary=fuzzBoundary7MA4YWxk';

function makeBody(
  rng: Rng,
  ints: string[],
  strings: string[],
  who: FuzzIdentity,
): { kind: string; bytes?: Buffer; headers: Record<string, string> } {
  const file = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  return rng.weighted<() => { kind: string; bytes?: Buffer; headers: Record<string, string> }>([
    [() => json(JSON.stringify(jsonValue(rng, ints, strings, 0)), 'json'), 10],
    [
      () => json(JSON.stringify(rng.pick([who.apiPath, 'not a url', 'http://127.0.0.1:1/'])), 'json-string'),
      1,
    ],
    [() => json('{"a": [1, 2,', 'json-truncated'), 1],
    [() => json('['.repeat(100_000) + ']'.repeat(100_000), 'json-deep-array'), 1],
    [() => json('{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000), 'json-deep-object'), 1],
    [() => json('', 'json-empty'), 1],
    [() => json('plain words', 'text', 'text/plain'), 1],
    [() => json('a=1&b=%E0%A4%A', 'urlencoded', 'application/x-www-form-urlencoded'), 1],
    [() => json('<x/>', 'xml', 'application/xml'), 1],
    [
      () => ({
        kind: 'gzip-label-not-gzip',
        bytes: Buffer.from('{"not":"gzip"}'),
        headers: {
          'Content-Type': 'application/json',
          'Content-Encoding': rng.pick(['gzip', 'deflate', 'br']),
        },
      }),
      1,
    ],
    [
      () => ({
        kind: 'gzip-json',
        bytes: gzipSync(JSON.stringify(jsonValue(rng, ints, strings, 0))),
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      }),
      1,
    ],
    [
      () => ({
        kind: 'multipart-file',
        bytes: multipart([
          { name: 'File', filename: rng.pick(['a.pdf', 'x.tif', 'noext', '../../up.pdf']), data: file },
        ]),
        headers: { 'Content-Type': MULTIPART_TYPE },
      }),
      3,
    ],
    [
      () => ({
        kind: 'multipart-two-files',
        bytes: multipart([
          { name: 'File', filename: 'a.csv', data: Buffer.from('DocID,Vendor\n1,x\n') },
          { name: 'File', filename: 'b.csv', data: Buffer.from('DocID\n2\n') },
        ]),
        headers: { 'Content-Type': MULTIPART_TYPE },
      }),
      1,
    ],
    [
      () => ({
        kind: 'multipart-nul-name',
        bytes: multipart([{ name: 'File', filename: 'bad\u0000name.pdf', data: file }]),
        headers: { 'Content-Type': MULTIPART_TYPE },
      }),
      1,
    ],
    [
      () => ({
        kind: 'multipart-truncated',
        bytes: multipart([{ name: 'File', filename: 'a.pdf', data: file }], false).subarray(0, 90),
        headers: { 'Content-Type': MULTIPART_TYPE },
      }),
      1,
    ],
    [
      () => ({
        kind: 'multipart-no-boundary',
        bytes: Buffer.from('--x\r\n\r\nabc'),
        headers: { 'Content-Type': 'multipart/form-data' },
      }),
      1,
    ],
  ])();
}
