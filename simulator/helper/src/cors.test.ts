import { describe, expect, it } from 'vitest';
import { apiCorsOrigins, helperCorsOrigins } from '@gs/simulator-config/derived';
import { parseConfig } from '@gs/simulator-config/load';
import { canonicalOrigin } from './cors';

describe('CORS_ORIGINS', () => {
  it('defaults to where npm start serves the client, follows PORT, and takes a list', () => {
    expect(helperCorsOrigins(parseConfig({ PORT: '18280' }))).toEqual([
      'http://localhost:18280',
      'http://127.0.0.1:18280',
    ]);
    expect(apiCorsOrigins(parseConfig({ CORS_ORIGINS: '' }))).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
    ]);
    const list = parseConfig({ CORS_ORIGINS: ' https://GS.example.com:443 , http://localhost:5173/ ' });
    expect(helperCorsOrigins(list)).toEqual(['https://gs.example.com', 'http://localhost:5173']);
    expect(apiCorsOrigins(list)).toEqual(['https://gs.example.com', 'http://localhost:5173']);
    expect(apiCorsOrigins(parseConfig({ CORS_ORIGINS: '*' }))).toBe('*');
  });

  it('refuses an entry that is no origin', () => {
    expect(() => parseConfig({ CORS_ORIGINS: 'gs.example.com' })).toThrow(/CORS_ORIGINS/);
    expect(() => parseConfig({ CORS_ORIGINS: 'file:///etc' })).toThrow(/CORS_ORIGINS/);
    expect(canonicalOrigin('null')).toBeUndefined();
  });
});
