// Vitest set-up for the client: fresh DOM, storage, cookies and address for every test.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadRegexEngine } from '../lib/characterMask';
import { DEFAULT_LANGUAGE, loadLanguage } from '../app/i18n';

// English loads lazily like every language (app/i18n.ts, decision 074): loaded before a test file
// is imported, so createI18n('en') answers in English at once, as the app's start-up makes it
await loadLanguage(DEFAULT_LANGUAGE);

// lazy pages load in well under a second, but a busy two-core CI machine can take longer
configure({ asyncUtilTimeout: 5000 });

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
