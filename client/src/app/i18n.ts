// i18next set-up: seven languages, English as the fallback (Romanian and any other language show
// English), the choice remembered in the `lang` cookie and localStorage. Every language, English
// too, is its own chunk (client/vite.config.ts; decision 074), loaded when it is chosen: at start
// for the remembered or browser language before the first screen shows, or when the user switches.
// English, the fallback, follows in the background when another language was chosen. The
// administration screens' texts are a part of each language loaded with those screens (loadTexts,
// app/textParts.ts; decision 079).
import i18next, { type CustomTypeOptions, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie, writeCookie } from '../lib/cookies';
import { readLocal, writeLocal } from '../lib/storage';
import bundles from 'virtual:locale-bundles';
import { TEXT_PARTS, type TextPart } from './textParts';

export const LANGUAGES = ['en', 'fr', 'es', 'pt', 'it', 'de', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_STORAGE_KEY = 'lang';

// Each language is a folder of JSON files, one per feature (translation.json holds the shell and the
// screens of the first issues; capture.json, viewer.json, ... the later features), merged into the one
// `translation` namespace. Separate files keep features from editing the same file; a key defined in
// two files of one language is a mistake and throws when the language loads.
type Tree = { [key: string]: string | Tree };
type English = CustomTypeOptions['resources']['translation'];
type LocaleFiles = Record<string, Tree>;

// every language's own name (language.json) is always there, for the language picker
const nameFiles = import.meta.glob<Tree>('../locales/*/language.json', { eager: true, import: 'default' });
// every other file loads with its language's core or its part, one module each (client/build/localeBundles.ts)

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

function mergeFiles(files: LocaleFiles): English {
  const tree: Tree = {};
  for (const [file, content] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b)))
    mergeLocaleTree(tree, content, file);
  return tree as unknown as English;
}

const languageOf = (file: string) => file.split('/').at(-2);

const ALL_PARTS = Object.keys(TEXT_PARTS) as TextPart[];
/** The parts (app/textParts.ts) a screen has asked for: a language loaded from now on brings them. */
const wantedParts = new Set<TextPart>();

/** The languages whose core has loaded, each with the parts loaded since merged in. */
const loaded = new Map<Language, English>();
/** `language:part` (`language:` for the core) loading or loaded. */
const loading = new Map<string, Promise<English>>();
/** `language:part` of the parts merged into their language so far. */
const mergedParts = new Set<string>();

/** Whether a part's texts are already merged into the language (a screen need not wait for them). */
export function textsLoaded(language: Language, part: TextPart): boolean {
  return mergedParts.has(`${language}:${part}`);
}

/** Loads one part of a language (its chunk; the core first) once and merges it into the language. */
function loadPart(language: Language, part: TextPart | null): Promise<English> {
  const key = `${language}:${part ?? ''}`;
  let pending = loading.get(key);
  if (!pending) {
    const load = bundles[language]?.[part ?? 'core'];
    const core = part === null ? Promise.resolve(null) : loadPart(language, null);
    pending = core
      .then((): Promise<LocaleFiles> | LocaleFiles => (load ? load() : {}))
      .then(
        (texts) => {
          if (part !== null) {
            const tree = loaded.get(language) as unknown as Tree;
            for (const [file, content] of Object.entries(texts).sort(([a], [b]) => a.localeCompare(b)))
              mergeLocaleTree(tree, content, file);
            mergedParts.add(key);
            return tree as unknown as English;
          }
          const tree = mergeFiles({ ...namesOf(language), ...texts });
          loaded.set(language, tree);
          return tree;
        },
        (error: unknown) => {
          loading.delete(key);
          throw error;
        },
      );
    loading.set(key, pending);
  }
  return pending;
}

/** Loads a language's translations (its chunks) once, every part of them (tests, checks). */
export function loadLanguage(language: Language): Promise<English> {
  return loadLanguageWith(language, ALL_PARTS);
}

/** Loads a language's core and `parts`: start-up and a switch bring the parts a screen asked for (loadTexts). */
async function loadLanguageWith(language: Language, parts: readonly TextPart[]): Promise<English> {
  await Promise.all([loadPart(language, null), ...parts.map((part) => loadPart(language, part))]);
  return loaded.get(language) as English;
}

/**
 * Loads a part of the texts (app/textParts.ts) for a screen that shows it: in the instance's
 * language, awaited, and in English, the fallback, when it is there or once it is. Languages
 * loaded later bring it with them.
 */
export async function loadTexts(i18n: I18n, part: TextPart): Promise<void> {
  wantedParts.add(part);
  const add = async (language: Language) =>
    i18n.addResourceBundle(language, 'translation', await loadPart(language, part), true, true);
  const current = supportedLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  if (current !== DEFAULT_LANGUAGE && loaded.has(DEFAULT_LANGUAGE))
    void add(DEFAULT_LANGUAGE).catch(() => undefined);
  await add(current);
}

function namesOf(language: Language): LocaleFiles {
  return Object.fromEntries(Object.entries(nameFiles).filter(([file]) => languageOf(file) === language));
}

/** The translations of the languages loaded so far, as i18next takes them. */
export function loadedResources(): Partial<Record<Language, { translation: English }>> {
  return Object.fromEntries([...loaded].map(([language, translation]) => [language, { translation }]));
}

/** Every language: all its translations when loaded, else only its own name (language.json). */
function startingResources(): Record<Language, { translation: English }> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      { translation: loaded.get(language) ?? mergeFiles(namesOf(language)) },
    ]),
  ) as Record<Language, { translation: English }>;
}

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

/**
 * An i18next instance in `language` when that language is loaded (loadLanguage), English
 * otherwise until it is: then it switches by itself. English, the fallback, is added when it has
 * loaded if it is not yet.
 */
export function createI18n(language: string = detectLanguage()): I18n {
  const instance = i18next.createInstance();
  const wanted = supportedLanguage(language);
  const ready = wanted !== null && loaded.has(wanted);
  void instance.use(initReactI18next).init({
    resources: startingResources(),
    lng: ready || wanted === null ? language : DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  const applyLang = (lng: string) => {
    if (typeof document !== 'undefined')
      document.documentElement.lang = supportedLanguage(lng) ?? DEFAULT_LANGUAGE;
  };
  applyLang(instance.language);
  instance.on('languageChanged', applyLang);
  if (wanted && !ready) void switchTo(instance, wanted).catch(() => undefined);
  if (!loaded.has(DEFAULT_LANGUAGE) && wanted !== DEFAULT_LANGUAGE) void addFallback(instance);
  return instance;
}

/** Loads English, the fallback, into an instance that started without it. */
async function addFallback(i18n: I18n): Promise<void> {
  const translation = await loadLanguageWith(DEFAULT_LANGUAGE, [...wantedParts]).catch(() => null);
  if (translation) i18n.addResourceBundle(DEFAULT_LANGUAGE, 'translation', translation, true, true);
}

/** Loads `language` into the instance (once) and switches to it. */
async function switchTo(i18n: I18n, language: Language): Promise<void> {
  const translation = await loadLanguageWith(language, [...wantedParts]);
  // deep, overwriting: the bundle may hold only the language's own name so far
  i18n.addResourceBundle(language, 'translation', translation, true, true);
  await i18n.changeLanguage(language);
}

/**
 * Start-up: the detected language loaded first (English for one not supported), so the first
 * screen shows in it; English, the fallback, follows without holding the first screen back.
 */
export async function createI18nLoaded(language: string = detectLanguage()): Promise<I18n> {
  await loadLanguageWith(supportedLanguage(language) ?? DEFAULT_LANGUAGE, [...wantedParts]).catch(
    () => undefined,
  );
  return createI18n(language);
}

/** Switches the interface language (loading it first) and remembers it. */
export async function changeLanguage(i18n: I18n, language: Language): Promise<void> {
  rememberLanguage(language);
  await switchTo(i18n, language);
}
