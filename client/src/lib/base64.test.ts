import { describe, expect, it } from 'vitest';
import { basicAuthorization, utf8ToBase64 } from './base64';

describe('utf8ToBase64', () => {
  it('encodes ASCII like btoa', () => {
    expect(utf8ToBase64('SSAdministrator:Demo@1234')).toBe(btoa('SSAdministrator:Demo@1234'));
  });

  it('encodes non-Latin characters as UTF-8 bytes', () => {
    // "é" is C3 A9 in UTF-8; "€" is E2 82 AC.
    expect(utf8ToBase64('é€')).toBe('w6nigqw=');
  });

  it('keeps the backslash of domain users', () => {
    expect(atob(basicAuthorization('CORP\\jane', 'pw').slice(6))).toBe('CORP\\jane:pw');
  });
});
