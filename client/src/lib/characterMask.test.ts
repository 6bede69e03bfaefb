import { describe, expect, it } from 'vitest';
import { applyCharacterMask, matchesCharacterMask, matchesRegex } from './characterMask';

describe('character masks', () => {
  it('lays typed text onto the mask, filling literals', () => {
    expect(applyCharacterMask('5551234567', '(###) ###-####')).toBe('(555) 123-4567');
    expect(applyCharacterMask('555', '(###) ###-####')).toBe('(555');
    expect(applyCharacterMask('PO104233', 'AA-######')).toBe('PO-104233');
    expect(applyCharacterMask('p1o', 'AA')).toBe('po');
    expect(applyCharacterMask('anything', '')).toBe('anything');
  });
  it('checks a complete value against the mask', () => {
    expect(matchesCharacterMask('(555) 123-4567', '(###) ###-####')).toBe(true);
    expect(matchesCharacterMask('(555) 123-456', '(###) ###-####')).toBe(false);
    expect(matchesCharacterMask('X1', '?9')).toBe(true);
    expect(matchesCharacterMask('whatever', '')).toBe(true);
  });
  it('matches RegEx unanchored and ignores a broken pattern', () => {
    expect(matchesRegex('V10157', '^V\\d{5}$')).toBe(true);
    expect(matchesRegex('V1015', '^V\\d{5}$')).toBe(false);
    expect(matchesRegex('abc123', '\\d')).toBe(true);
    expect(matchesRegex('x', '([')).toBe(true);
    expect(matchesRegex('x', '')).toBe(true);
  });
});
