// i18next set-up: seven languages bundled, English as the fallback (Romanian and any other
// language show English), the choice remembered in the `lang` cookie and localStorage.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from '../locales/de/translation.json';
import en from '../locales/en/translation.json';
import es from '../locales/es/translation.json';
import fr from '../locales/fr/translation.json';
import it from '../locales/it/translation.json';
import nl from '../locales/nl/translation.json';
import pt from '../locales/pt/translation.json';
import { readCookie, writeCookie } from '../lib/cookies';
import { readLocal, writeLocal } from '../lib/storage';

export const LANGUAGES = ['en', 'fr', 'es', 'pt', 'it', 'de', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_STORAGE_KEY = 'lang';

export const resources = {
  en: { translation: en },
  fr: { translation: fr },
  es: { translation: es },
  pt: { translation: pt },
  it: { translation: it },
  de: { translation: de },
  nl: { translation: nl },
} as const;

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
