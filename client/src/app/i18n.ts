// i18next set-up: seven languages bundled, English as the fallback (Romanian and any other
// language show English), the choice remembered in the `lang` cookie and localStorage.
import i18next, { type CustomTypeOptions, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie, writeCookie } from '../lib/cookies';
import { readLocal, writeLocal } from '../lib/storage';

export const LANGUAGES = ['en', 'fr', 'es', 'pt', 'it', 'de', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_STORAGE_KEY = 'lang';

// Each language is a folder of JSON files, one per feature (translation.json holds the shell and the
// screens of the first issues; capture.json, viewer.json, ... the later features), merged into the one
// `translation` namespace. Separate files keep features from editing the same file; a key defined in
// two files of one language is a mistake and throws at start.
type Tree = { [key: string]: string | Tree };
type English = CustomTypeOptions['resources']['translation'];

const localeFiles = import.meta.glob<Tree>('../locales/*/*.json', { eager: true, import: 'default' });

/** Deep-merges `source` into `target`; a leaf key present in both throws (names the file). */
export function mergeLocaleTree(target: Tree, source: Tree, file: string, prefix = ''): Tree {
  for (const [key, value] of Object.entries(source)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const existing = target[key];
    if (typeof value === 'string') {
      if (existing !== undefined) throw new Error(`Translation key ${path} is defined twice (${file})`);
      target[key] = value;
    } else {
      if (typeof existing === 'string') throw new Error(`Translation key ${path} is defined twice (${file})`);
      target[key] = mergeLocaleTree(existing ?? {}, value, file, path);
    }
  }
  return target;
}

function loadLanguage(language: Language): English {
  const tree: Tree = {};
  for (const [file, content] of Object.entries(localeFiles).sort(([a], [b]) => a.localeCompare(b)))
    if (file.split('/').at(-2) === language) mergeLocaleTree(tree, content, file);
  return tree as unknown as English;
}

export const resources = Object.fromEntries(
  LANGUAGES.map((language) => [language, { translation: loadLanguage(language) }]),
) as Record<Language, { translation: English }>;

/** "fr-CA" -> "fr"; unsupported tags (e.g. "ro") -> null. */
export function supportedLanguage(tag: string | null | undefined): Language | null {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : null;
}

/** Remembered choice first, then the browser's language; anything unsupported is English. */
export function detectLanguage(): Language {
  const remembered =
    supportedLanguage(readCookie(LANGUAGE_COOKIE)) ?? supportedLanguage(readLocal(LANGUAGE_STORAGE_KEY));
  if (remembered) return remembered;
  const browser = typeof navigator === 'undefined' ? null : navigator.language;
  return supportedLanguage(browser) ?? DEFAULT_LANGUAGE;
}

export function rememberLanguage(language: Language): void {
  writeCookie(LANGUAGE_COOKIE, language);
  writeLocal(LANGUAGE_STORAGE_KEY, language);
}

export function createI18n(language: string = detectLanguage()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  const applyLang = (lng: string) => {
    if (typeof document !== 'undefined')
      document.documentElement.lang = supportedLanguage(lng) ?? DEFAULT_LANGUAGE;
  };
  applyLang(language);
  instance.on('languageChanged', applyLang);
  return instance;
}

/** Switches the interface language and remembers it. */
export async function changeLanguage(i18n: I18n, language: Language): Promise<void> {
  rememberLanguage(language);
  await i18n.changeLanguage(language);
}
