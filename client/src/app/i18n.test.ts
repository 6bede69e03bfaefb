import { beforeAll, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { readCookie } from '../lib/cookies';
import type * as I18nModule from './i18n';
import type { Language } from './i18n';

// a fresh copy of the module: which languages have loaded is its state, and the files before this
// one in the same worker (the client project shares a module graph per worker, decision 071)
// loaded some. A query makes it a module of its own; vi.resetModules() would also drop the rest of
// the worker's graph (React's screens, the simulator's app and its seeded worlds), which every
// later file in the worker then evaluated again (decision 085)
const fresh = './i18n?fresh';
const {
  changeLanguage,
  createI18n,
  createI18nLoaded,
  detectLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  loadedResources,
  loadLanguage,
  loadTexts,
  mergeLocaleTree,
  supportedLanguage,
} = (await import(/* @vite-ignore */ fresh)) as typeof I18nModule;

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

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const english = () => translations('en');
const translations = (language: Language) => flatten(loadedResources()[language]?.translation as Tree);

describe('languages load when chosen (issue 11; decision 074)', () => {
  it('starts with no language loaded, English neither, and every language named in its own words', () => {
    expect(Object.keys(loadedResources())).toEqual([]);
    const i18n = createI18n('xx');
    expect(LANGUAGES.map((l) => i18n.getFixedT(l)('language.self'))).toEqual([
      'English',
      'Français',
      'Español',
      'Português',
      'Italiano',
      'Deutsch',
      'Nederlands',
    ]);
  });

  it('starts in the chosen language, loaded first, and adds English, the fallback, after it', async () => {
    const i18n = await createI18nLoaded('de');
    expect(i18n.t('login.submit')).toBe('Anmelden');
    expect(document.documentElement.lang).toBe('de');
    await waitFor(() => expect(i18n.hasResourceBundle('en', 'translation')).toBe(true));
    expect(i18n.getFixedT('en')('login.submit')).toBe(english().get('login.submit'));
    expect(Object.keys(loadedResources()).sort()).toEqual(['de', 'en']);
  });

  it('shows English until the chosen language has loaded, then switches to it', async () => {
    const i18n = createI18n('fr');
    expect(i18n.t('login.submit')).toBe(english().get('login.submit'));
    await waitFor(() => expect(i18n.t('login.submit')).toBe(translations('fr').get('login.submit')));
    expect(document.documentElement.lang).toBe('fr');
  });
});

describe("the administration screens' texts load with those screens (decision 079)", () => {
  it('leaves them out of a language loaded at start, adds them when a screen asks, and brings them with a language switched to later', async () => {
    const i18n = await createI18nLoaded('es');
    const spanish = (key: string) => i18n.getResource('es', 'translation', key) as string | undefined;
    expect(spanish('login.submit')).toBeTruthy();
    expect(spanish('admin.modes.DATABASES')).toBeUndefined();
    expect(spanish('analytics.title')).toBeUndefined();

    await loadTexts(i18n, 'admin');
    expect(i18n.t('admin.modes.DATABASES')).toBe('Bases de datos');
    expect(spanish('login.submit')).toBeTruthy();

    await changeLanguage(i18n, 'it');
    expect(i18n.t('analytics.title')).toBe('Analisi');
  });
});

describe('translations', () => {
  beforeAll(() => Promise.all(LANGUAGES.map(loadLanguage)));

  it('merges feature files and refuses a key defined twice', () => {
    const tree = mergeLocaleTree({ a: { b: 'x' } }, { a: { c: 'y' }, d: 'z' }, 'one.json');
    expect(tree).toEqual({ a: { b: 'x', c: 'y' }, d: 'z' });
    expect(() => mergeLocaleTree(tree, { a: { b: 'again' } }, 'two.json')).toThrow(/a\.b.*two\.json/);
    expect(() => mergeLocaleTree(tree, { d: { e: 'f' } }, 'two.json')).toThrow(/\bd\b/);
  });

  it('has the same feature files in every language', () => {
    const files = import.meta.glob('../locales/*/*.json');
    const byLanguage = new Map<string, string[]>();
    for (const file of Object.keys(files)) {
      const [, , language = '', name = ''] = file.split('/');
      byLanguage.set(language, [...(byLanguage.get(language) ?? []), name].sort());
    }
    expect([...byLanguage.keys()].sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) expect(byLanguage.get(language)).toEqual(byLanguage.get('en'));
  });

  it('cover the seven languages of the spec', () => {
    expect([...LANGUAGES]).toEqual(['en', 'fr', 'es', 'pt', 'it', 'de', 'nl']);
    expect(Object.keys(loadedResources()).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every English key, none empty, same placeholders',
    (lang) => {
      // English flattened once, not once per key
      const en = english();
      const other = translations(lang);
      const missing = [...en.keys()].filter((key) => !other.has(key));
      expect(missing).toEqual([]);
      const empty = [...other].filter(([, value]) => !value.trim()).map(([key]) => key);
      expect(empty).toEqual([]);
      const extra = [...other.keys()].filter((key) => !en.has(key));
      expect(extra).toEqual([]);
      const differing = [...en]
        .filter(([key, text]) => placeholders(other.get(key) ?? '').join() !== placeholders(text).join())
        .map(([key, text]) => [key, placeholders(other.get(key) ?? ''), placeholders(text)]);
      expect(differing).toEqual([]);
    },
  );

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s is translated, not copied from English', (lang) => {
    const other = translations(lang);
    const sentences = [...english()].filter(
      ([key, text]) => text.split(' ').length >= 4 && !key.startsWith('app.'),
    );
    const copied = sentences.filter(([key, text]) => other.get(key) === text).map(([key]) => key);
    expect(copied).toEqual([]);
  });

  it('has every spec error key in English', () => {
    for (const key of [
      'ERROR_NO_DATABASES',
      'ERROR_GET_DATABASES',
      'ERROR_CANT_OBTAIN_LICENSE',
      'ERROR_LICENSE_EXPIRED',
      'LICENSE_EXPIRED',
      'LICENSE_EXPIRED_MSG',
      'MESSAGE_THANK_YOU',
      'COOKIE_DISABLED',
      'ERROR_INCORRECT_PARAMETERS',
      'ERROR_FAILED_DUE_TO_PERMISSIONS',
      'ERROR_NOT_CONSUMING_A_LICENSE',
      'CANNOT_CONNECT',
    ]) {
      expect(english().get(key), key).toBeTruthy();
    }
  });
});

describe('language choice', () => {
  beforeAll(() => Promise.all(LANGUAGES.map(loadLanguage)));

  it('maps regional tags and falls back to English for Romanian and others', () => {
    expect(supportedLanguage('fr-CA')).toBe('fr');
    expect(supportedLanguage('pt_BR')).toBe('pt');
    expect(supportedLanguage('ro')).toBeNull();
    const romanian = createI18n('ro');
    expect(romanian.t('ERROR_NO_DATABASES')).toBe(english().get('ERROR_NO_DATABASES'));
    expect(createI18n('nl').t('login.submit')).toBe('Aanmelden');
  });

  it('uses the browser language the first time and the remembered choice afterwards', async () => {
    vi.spyOn(window.navigator, 'language', 'get').mockReturnValue('es-MX');
    expect(detectLanguage()).toBe('es');
    const i18n = createI18n();
    await changeLanguage(i18n, 'it');
    expect(readCookie(LANGUAGE_COOKIE)).toBe('it');
    expect(window.localStorage.getItem('lang')).toBe('it');
    expect(detectLanguage()).toBe('it');
    expect(document.documentElement.lang).toBe('it');
  });

  it('uses English when the browser speaks Romanian', () => {
    vi.spyOn(window.navigator, 'language', 'get').mockReturnValue('ro-RO');
    expect(detectLanguage()).toBe('en');
  });
});
