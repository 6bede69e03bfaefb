// Vitest set-up for the client: fresh DOM, storage, cookies and address for every test.
import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadRegexEngine } from '../lib/characterMask';
import { DEFAULT_LANGUAGE, loadLanguage } from '../app/i18n';

// English loads lazily like every language (app/i18n.ts, decision 074): loaded before a test file
// is imported, so createI18n('en') answers in English at once, as the app's start-up makes it
await loadLanguage(DEFAULT_LANGUAGE);

/**
 * Testing Library's own error for a query that found nothing (or too much): the message and the
 * whole DOM printed, as by default. Inside waitFor and findBy* (where Testing Library marks its
 * diagnostics as expensive) a failed query is retried on every DOM change and only the last
 * failure is ever read, at the timeout, while the DOM is still there: there the DOM is printed
 * when the message is first read. Printing it on every retry was a tenth of the project's CPU.
 */
function elementError(message: string | null, container: Element): Error {
  const text = () =>
    [message, `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`]
      .filter(Boolean)
      .join('\n\n');
  // set while waitFor runs its callback (@testing-library/dom's config.js), not in its typings
  const retried = (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })
    ._disableExpensiveErrorDiagnostics;
  const error = new Error(retried ? undefined : text());
  error.name = 'TestingLibraryElementError';
  if (!retried) return error;
  let printed: string | undefined;
  Object.defineProperty(error, 'message', {
    configurable: true,
    get: () => (printed ??= text()),
    set: (value: string) => {
      printed = value;
    },
  });
  return error;
}

// lazy pages load in well under a second, but a busy two-core CI machine can take longer
configure({ asyncUtilTimeout: 5000, getElementError: elementError });

// a field's RegEx checks nothing until RE2 has loaded (lib/characterMask.ts): tests check with it
beforeAll(() => loadRegexEngine());

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

beforeEach(() => {
  window.localStorage.clear();
  clearCookies();
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
