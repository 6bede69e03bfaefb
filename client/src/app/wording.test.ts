// Wording kept the same across the interface (issue 27, item 21): counted nouns go through i18next
// plurals (_one/_other) in every language, and German says "Passwort", never "Kennwort".
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n, LANGUAGES, loadedResources, loadLanguage, type Language } from './i18n';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const strings = (language: Language) => flatten(loadedResources()[language]?.translation as Tree);

beforeAll(() => Promise.all(LANGUAGES.map(loadLanguage)));

describe('plurals (issue 27, item 21b)', () => {
  it('never writes a count before an English plural noun outside an _other key ("1 pages")', () => {
    const counted =
      /\{\{\s*(count|n|pages)\s*\}\}\s+(?:\w+\s+)?(pages|documents|files|tasks|batches|values|prompts)\b/;
    // successMany is said only for two or more (indexing.save.success says one)
    const onlyMany = new Set(['indexing.save.successMany']);
    const wrong = [...strings('en')]
      .filter(([key, text]) => counted.test(text) && !key.endsWith('_other') && !onlyMany.has(key))
      .map(([key]) => key);
    expect(wrong).toEqual([]);
  });

  it.each(LANGUAGES)('%s has an _other for every _one and the reverse', (language) => {
    const keys = [...strings(language).keys()];
    const set = new Set(keys);
    const lonely = keys.filter(
      (k) =>
        (k.endsWith('_one') && !set.has(k.replace(/_one$/, '_other'))) ||
        (k.endsWith('_other') && !set.has(k.replace(/_other$/, '_one'))),
    );
    expect(lonely).toEqual([]);
  });

  it('says one page and several pages, documents and files in every language', () => {
    const en = createI18n('en');
    expect(en.t('batches.documents.name', { n: 1, count: 1 })).toBe('Document 1 (1 page)');
    expect(en.t('batches.documents.name', { n: 2, count: 3 })).toBe('Document 2 (3 pages)');
    expect(en.t('bulk.update.run', { count: 1 })).toBe('Update 1 document');
    expect(en.t('bulk.update.run', { count: 12 })).toBe('Update 12 documents');
    expect(en.t('inbox.export.note', { count: 1, name: 'Mail' })).toBe('Export of inbox Mail: 1 file');
    expect(createI18n('de').getFixedT('de')('batches.documents.name', { n: 1, count: 1 })).toBe(
      'Dokument 1 (1 Seite)',
    );
    for (const language of LANGUAGES) {
      const t = createI18n(language).getFixedT(language);
      for (const key of ['batches.documents.name', 'bulk.update.confirm', 'admin.lists.tested'] as const) {
        const one = t(key, { n: 1, count: 1, values: 'a' });
        const many = t(key, { n: 1, count: 5, values: 'a' });
        expect([language, key, one.includes('1')]).toEqual([language, key, true]);
        expect([language, key, one === many.replace('5', '1')]).toEqual([language, key, false]);
      }
    }
  });
});

describe('German wording (issue 27, item 21e)', () => {
  it('says Passwort, never Kennwort', () => {
    const mixed = [...strings('de')].filter(([, text]) => /kennw/i.test(text)).map(([key]) => key);
    expect(mixed).toEqual([]);
    expect(strings('de').get('login.password')).toBe('Passwort');
  });
});
