import { describe, expect, it } from 'vitest';
import { corsOriginsFromEnv } from '../../api/src/config';
import { canonicalOrigin, defaultOrigins, parseOrigins } from './cors';

describe('CORS_ORIGINS', () => {
  it('defaults to where npm start serves the client, follows PORT, and takes a list', () => {
    expect(parseOrigins(undefined, defaultOrigins(18280))).toEqual([
      'http://localhost:18280',
      'http://127.0.0.1:18280',
    ]);
    expect(corsOriginsFromEnv('', 8080)).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
    const list = ' https://GS.example.com:443 , http://localhost:5173/ ';
    expect(parseOrigins(list, [])).toEqual(['https://gs.example.com', 'http://localhost:5173']);
    expect(corsOriginsFromEnv(list, 8080)).toEqual(['https://gs.example.com', 'http://localhost:5173']);
    expect(corsOriginsFromEnv('*', 8080)).toBe('*');
  });

  it('refuses an entry that is no origin', () => {
    expect(() => parseOrigins('gs.example.com', [])).toThrow(/CORS_ORIGINS/);
    expect(() => corsOriginsFromEnv('file:///etc', 8080)).toThrow(/CORS_ORIGINS/);
    expect(canonicalOrigin('null')).toBeUndefined();
  });
});
