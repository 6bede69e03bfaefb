import { describe, expect, it, vi } from 'vitest';
import type { FieldDefinition } from '@gs/contract/fields';
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
  it('runs RegEx on RE2 as the server does: linear time, no backreferences or lookaround', () => {
    const words = String.raw`^(\w+\s?)*$`;
    expect(matchesRegex('ab', String.raw`^(a)\1$`)).toBe(true);
    expect(matchesRegex('abc', String.raw`^(?=.*\d)\w+$`)).toBe(true);
    expect(matchesRegex('\u00e9', String.raw`^\u00e9$`)).toBe(true);
    expect(matchesRegex('AB-123', String.raw`^(?<c>[A-Z]{2})-\d{3}$`)).toBe(true);
    expect(matchesRegex(`${'a'.repeat(39)}!`, words)).toBe(false);
    expect(matchesRegex('Acme Corporation of the North Sea Region', words)).toBe(true);
  });
  it('checks nothing until RE2 has loaded, then checks', async () => {
    vi.resetModules();
    const fresh = await import('./characterMask');
    expect(fresh.matchesRegex('V1015', '^V\\d{5}$')).toBe(true);
    await fresh.loadRegexEngine();
    expect(fresh.matchesRegex('V1015', '^V\\d{5}$')).toBe(false);
  });
  it('starts loading RE2 as soon as a field definition with a RegEx arrives', async () => {
    vi.resetModules();
    const mask = await import('./characterMask');
    const { fieldSpecOf } = await import('./fieldSpec');
    const spec = fieldSpecOf({ ID: 18, Name: 'Vendor No', Type: 1, RegEx: '^V\\d{5}$' } as FieldDefinition);
    expect(spec.regex).toBe('^V\\d{5}$');
    // nothing but the definition asked for the engine, and it arrives
    await vi.waitFor(() => expect(mask.regexEngineLoaded()).toBe(true), { timeout: 10_000 });
    expect(mask.matchesRegex('V1015', spec.regex)).toBe(false);
  });
});
