// compareRecordings on hand-made recordings: what counts as a difference and what is data or masked.
import { describe, expect, it } from 'vitest';
import { compareRecordings } from './compare';
import { MASKED, type RecordedExchange, type Recording } from './record';
import { shapeOf } from './shape';

const exchange = (key: string, body: unknown, headers: Record<string, string> = {}): RecordedExchange => ({
  key,
  method: 'GET',
  path: 'dbs',
  status: 200,
  headers,
  body: 'json',
  shape: shapeOf(body),
});
const recording = (...exchanges: RecordedExchange[]): Recording => ({
  kit: 'square9api-conformance',
  version: 1,
  recordedAt: '2026-11-27T00:00:00Z',
  exchanges,
});

describe('compareRecordings', () => {
  it('ignores values, masked headers, empty lists, nulls and repeats only on one side', () => {
    const a = recording(
      exchange('x dbs', { Databases: [{ Id: 1, Name: 'A' }], Note: null }, { 'ss-token': MASKED }),
      exchange('discover walk', { Archives: [] }),
      exchange('discover walk #2', { Archives: [] }),
    );
    const b = recording(
      exchange('x dbs', { Databases: [{ Id: 7, Name: 'Other' }], Note: 'text' }, { 'ss-token': MASKED }),
      exchange('discover walk', { Archives: [{ Id: 1 }] }),
    );
    expect(compareRecordings(a, b)).toEqual([]);
  });

  it('reports key casing, types, statuses, header values and exchanges only on one side', () => {
    const a = recording(
      exchange('x dbs', { Databases: [{ Id: 1 }] }, { 'cache-control': 'no-cache' }),
      exchange('y gone', {}),
    );
    const changed = exchange('x dbs', { databases: [{ Id: '1' }] }, { 'cache-control': 'private' });
    const b = recording({ ...changed, status: 201 }, exchange('z new', {}));
    expect(compareRecordings(a, b).map((d) => d.what)).toEqual([
      'GET dbs: status: recording 200, this server 201',
      "GET dbs: header cache-control: recording 'no-cache', this server 'private'",
      "GET dbs: $: key casing differs: recording 'Databases', this server 'databases'",
      'GET dbs: only in the recording',
      'GET dbs: only on this server',
    ]);
    const typed = recording(exchange('x dbs', { Databases: [{ Id: '1' }] }));
    expect(compareRecordings(recording(exchange('x dbs', { Databases: [{ Id: 1 }] })), typed)).toEqual([
      { key: 'x dbs', what: 'GET dbs: $.Databases[].Id: recording number, this server string' },
    ]);
  });
});
