import { describe, expect, it } from 'vitest';
import type { Request } from 'express';
import { DomainError } from '../domain/errors';
import { lowerKeys, parseBool, parseId, query, queryAny, readKey } from './query';

const req = (q: Record<string, string | string[]>): Request => ({ query: q }) as unknown as Request;

describe('query', () => {
  it('reads a key in any casing, the first value when repeated', () => {
    expect(query(req({ secureid: 'a' }), 'SecureId')).toBe('a');
    expect(query(req({ SECUREID: ['b', 'c'] }), 'secureId')).toBe('b');
    expect(query(req({ other: 'x' }), 'SecureId')).toBeUndefined();
  });

  it('queryAny returns the first spelling present', () => {
    expect(queryAny(req({ DB: '2', DatabaseId: '3' }), ['database', 'db', 'DatabaseId'])).toEqual({
      key: 'db',
      value: '2',
    });
  });
});

describe('parseId and parseBool', () => {
  it('accept Int32 values only', () => {
    expect(parseId('42', 'id')).toBe(42);
    expect(parseId(' -7 ', 'id')).toBe(-7);
    for (const bad of ['', 'x', '1.5', '2147483648', '1e3'])
      expect(() => parseId(bad, 'id')).toThrow(DomainError);
  });

  it('accept true/false in any casing', () => {
    expect(parseBool('TRUE', 'b')).toBe(true);
    expect(parseBool('False', 'b')).toBe(false);
    expect(() => parseBool('yes', 'b')).toThrow(DomainError);
  });
});

describe('JSON keys in any casing', () => {
  it('lowerKeys lower-cases keys at any depth and leaves values alone', () => {
    expect(lowerKeys({ IndexData: { IndexFields: [{ Id: 1, Val: 'A', MVAL: ['X'] }] } })).toEqual({
      indexdata: { indexfields: [{ id: 1, val: 'A', mval: ['X'] }] },
    });
  });

  it('readKey reads one key whatever its casing', () => {
    expect(readKey({ Seats: 3 }, 'seats')).toBe(3);
    expect(readKey([1], 'length')).toBeUndefined();
    expect(readKey(null, 'x')).toBeUndefined();
  });
});
