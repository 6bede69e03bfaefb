// Holds a screen until its part of the texts (app/textParts.ts) is there in the user's language
// (decision 079): it suspends, so the route's Suspense shows the page's loading spinner meanwhile.
import { use, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, loadTexts, supportedLanguage, textsLoaded } from './i18n';
import type { TextPart } from './textParts';

const pending = new WeakMap<I18n, Map<TextPart, Promise<void>>>();

function textsOf(i18n: I18n, part: TextPart): Promise<void> {
  const parts = pending.get(i18n) ?? new Map<TextPart, Promise<void>>();
  pending.set(i18n, parts);
  let promise = parts.get(part);
  if (!promise) {
    promise = loadTexts(i18n, part);
    // a failed load is tried again the next time the screen shows
    promise.catch(() => parts.delete(part));
    parts.set(part, promise);
  }
  return promise;
}

export function WithTexts({ part, children }: { part: TextPart; children: ReactNode }) {
  const { i18n } = useTranslation();
  // texts already merged into the language (an earlier screen, a language switch, the tests' preload)
  // are in this instance too: suspending for them would only flash the spinner
  const language = supportedLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  if (!textsLoaded(language, part)) use(textsOf(i18n, part));
  return children;
}
