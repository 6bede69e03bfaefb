import { beforeEach, describe, expect, it } from 'vitest';
import type { OperatorCode } from '@gs/contract/flags';
import type { SearchPageResult } from '@gs/contract/searches';
import { makeSearchApp, runSearch, unquoted, type SearchApp, type TypeKey } from '../../testing/searchWorld';

let t: SearchApp;
beforeEach(() => {
  t = makeSearchApp();
});

/** The keys of the documents a criterion of prompt (type, op) returns, sorted. */
async function found(type: TypeKey, op: OperatorCode, value: string | string[]): Promise<string[]> {
  const { search, prompt } = t.s.prompt(type, op);
  const criteria = JSON.stringify(value === '' ? {} : { [prompt]: value });
  const res = await runSearch(t, search, t.s.ledger, { SearchCriteria: criteria }).expect(200);
  const byId = new Map(Object.entries(t.s.docs).map(([k, id]) => [id, k]));
  const body = res.body as SearchPageResult;
  expect(body.Count).toBe(body.Docs.length);
  return body.Docs.map((d) => byId.get(d.Id) ?? '?').sort();
}

const ALL = ['acme', 'acmeSupplies', 'beta', 'blank', 'delta', 'gamma'];
const but = (...keys: string[]): string[] => ALL.filter((k) => !keys.includes(k));

// [type, operator, value, expected documents]
const CASES: [TypeKey, OperatorCode, string, string[]][] = [
  ['char', 1, 'acme corp', ['acme']],
  ['char', 1, 'acme*', ['acme', 'acmeSupplies']],
  ['char', 1, '*_co', ['delta']],
  ['char', 1, '*100%*', ['gamma']],
  ['char', 1, '*e*', ['acme', 'acmeSupplies', 'beta', 'delta']],
  ['char', 2, 'ACME', ['acme', 'acmeSupplies']],
  ['char', 2, 'me', ['acme', 'acmeSupplies']],
  ['char', 2, 'a_c', ['delta']],
  ['char', 2, '100%', ['gamma']],
  ['char', 2, 'nobody', []],
  ['char', 3, 'c', ['delta', 'gamma']],
  ['char', 4, 'b', ['acme', 'acmeSupplies']],
  ['char', 5, 'acme corp', but('acme')],
  ['char', 5, 'acme*', but('acme', 'acmeSupplies')],
  ['char', 6, '', ['blank']],
  ['char', 7, '', but('blank')],
  ['int', 1, '10', ['acme']],
  ['int', 1, '-3', ['delta']],
  ['int', 1, '2*', ['acmeSupplies']],
  ['int', 2, '0', ['acme', 'acmeSupplies']],
  ['int', 3, '7', ['acme', 'acmeSupplies', 'blank']],
  ['int', 3, '1,000', []],
  ['int', 4, '5', ['beta', 'delta']],
  ['int', 5, '10', but('acme')],
  ['int', 6, '', ['gamma']],
  ['int', 7, '', but('gamma')],
  ['dec', 1, '1234.56', ['acme']],
  ['dec', 1, '1,234.56', ['acme']],
  ['dec', 1, '$1,234.56', ['acme']],
  ['dec', 2, '99', ['acmeSupplies']],
  ['dec', 3, '1000', ['acme', 'beta', 'delta']],
  ['dec', 4, '99.5', ['acmeSupplies', 'blank']],
  ['dec', 5, '1000', but('beta')],
  ['dec', 6, '', ['gamma']],
  ['dec', 7, '', but('gamma')],
  ['date', 1, '11/22/2026', ['acme']],
  ['date', 1, '2026-11-21', ['acmeSupplies']],
  ['date', 1, '1/1/2025', ['blank']],
  ['date', 1, '@today', ['acme']],
  ['date', 1, '@TODAY-1', ['acmeSupplies']],
  ['date', 1, '@today+1', ['delta']],
  ['date', 2, '11/21/2026', ['acmeSupplies']],
  ['date', 3, '11/22/2026', ['acme', 'delta']],
  ['date', 4, '11/21/2026', ['acmeSupplies', 'beta', 'blank']],
  ['date', 4, '@today-7', ['beta', 'blank']],
  ['date', 5, '11/22/2026', but('acme')],
  ['date', 6, '', ['gamma']],
  ['date', 7, '', but('gamma')],
  ['mv', 1, 'RED', ['acme', 'gamma']],
  ['mv', 1, 'bl*', ['acme', 'delta']],
  ['mv', 2, 'e', ['acme', 'acmeSupplies', 'delta', 'gamma']],
  ['mv', 2, 'ree', ['acmeSupplies']],
  ['mv', 3, 'red', ['acme', 'gamma']],
  ['mv', 4, 'blue', ['acme', 'delta']],
  ['mv', 5, 'red', ['acmeSupplies', 'beta', 'blank', 'delta']],
  ['mv', 6, '', ['beta', 'blank']],
  ['mv', 7, '', ['acme', 'acmeSupplies', 'delta', 'gamma']],
];

describe('search operators per field type (wire §4)', () => {
  it.each(CASES)('%s operator %i with %j', async (type, op, value, expected) => {
    expect(await found(type, op, value)).toEqual(expected);
  });

  it('applies "is empty" and "is not empty" with or without a value sent', async () => {
    const { search, prompt } = t.s.prompt('char', 6);
    const res = await runSearch(t, search, t.s.ledger, { SearchCriteria: `{${prompt}:"ignored"}` }).expect(
      200,
    );
    expect((res.body as SearchPageResult).Docs.map((d) => d.Id)).toEqual([t.s.docs.blank]);
  });

  it('takes several values for a character equals prompt (any of them)', async () => {
    expect(await found('char', 1, ['Acme Corp', 'beta llc'])).toEqual(['acme', 'beta']);
  });

  it('returns multi-value fields with every value in MVAL and the first in VAL', async () => {
    const criteria = JSON.stringify({ [t.s.prompt('mv', 1).prompt]: 'red' });
    const res = await runSearch(t, t.s.all, t.s.ledger, { SearchCriteria: criteria }).expect(200);
    const acme = (res.body as SearchPageResult).Docs.find((d) => d.Id === t.s.docs.acme);
    expect(acme?.Fields.find((f) => f.ID === t.s.tags)).toEqual({
      ID: t.s.tags,
      VAL: 'red',
      MVAL: ['red', 'blue'],
    });
  });

  it('reads criteria with unquoted keys (HL) and with quoted keys (GO) alike', async () => {
    const key = t.s.prompt('char', 2).prompt;
    const strict = await runSearch(t, t.s.all, t.s.ledger, { SearchCriteria: `{"${key}":"acme"}` }).expect(
      200,
    );
    const loose = await runSearch(t, t.s.all, t.s.ledger, {
      SearchCriteria: unquoted({ [key]: 'acme' }),
    }).expect(200);
    const single = await runSearch(t, t.s.all, t.s.ledger, { SearchCriteria: `{ ${key} : 'acme' }` }).expect(
      200,
    );
    expect((loose.body as SearchPageResult).Docs).toEqual((strict.body as SearchPageResult).Docs);
    expect((single.body as SearchPageResult).Count).toBe(2);
  });

  it('omits empty criteria', async () => {
    const criteria = JSON.stringify({
      [t.s.prompt('char', 2).prompt]: '',
      [t.s.prompt('int', 1).prompt]: '10',
    });
    const res = await runSearch(t, t.s.all, t.s.ledger, { SearchCriteria: criteria }).expect(200);
    expect((res.body as SearchPageResult).Docs.map((d) => d.Id)).toEqual([t.s.docs.acme]);
  });
});

describe('bad criteria: 400 with a Message naming the problem', () => {
  const bad = async (criteria: string, pattern: RegExp): Promise<void> => {
    const res = await runSearch(t, t.s.all, t.s.ledger, { SearchCriteria: criteria }).expect(400);
    expect((res.body as { Message: string }).Message).toMatch(pattern);
  };

  it.each([
    ['date', 1, '13/45/2026', /'13\/45\/2026' of search prompt 'date 1' is not a valid date/],
    ['date', 3, 'tomorrow', /not a valid date/],
    ['int', 1, '1.5', /'int 1' is not a valid whole number/],
    ['int', 3, '12345678901234567890', /not a valid whole number/],
    ['dec', 1, 'abc', /'dec 1' is not a valid number/],
    ['dec', 2, 'x1', /not a valid number/],
  ] as [TypeKey, OperatorCode, string, RegExp][])(
    '%s operator %i with %j',
    async (type, op, value, pattern) => {
      await bad(JSON.stringify({ [t.s.prompt(type, op).prompt]: value }), pattern);
    },
  );

  it('refuses a key that is not a prompt of the search', async () => {
    await bad('{"999999":"x"}', /SearchCriteria key '999999' is not a prompt of search 'Every operator'/);
  });

  it('refuses malformed SearchCriteria', async () => {
    await bad('{"1":', /SearchCriteria is not a valid object/);
    await bad('[1,2]', /SearchCriteria is not a valid object/);
    await bad('{1:"a"} trailing', /SearchCriteria is not a valid object/);
  });

  it('refuses a value over 4,096 characters, quoted, unquoted or in a list, before searching', async () => {
    const prompt = t.s.prompt('char', 1).prompt;
    // 10,000 characters: a 60,000-character one does not fit Node's 16 KiB header limit (431)
    const long = `${'x'.repeat(9_999)}*`;
    const tooLong = /The SearchCriteria value at position \d+ is longer than 4096 characters/;
    await bad(JSON.stringify({ [prompt]: long }), tooLong);
    await bad(JSON.stringify({ [prompt]: ['acme', long] }), tooLong);
    await bad(`{${prompt}:${'9'.repeat(5_000)}}`, tooLong);
    await bad(`{'${prompt}':'${'y'.repeat(4_097)}'}`, tooLong);
    const fits = await runSearch(t, t.s.all, t.s.ledger, {
      SearchCriteria: JSON.stringify({ [prompt]: `${'z'.repeat(4_095)}*` }),
    }).expect(200);
    expect((fits.body as SearchPageResult).Count).toBe(0);
  });

  it('refuses content terms on a search without content search', async () => {
    await bad('{"content":"acme"}', /key 'content' is not a prompt/);
  });
});
