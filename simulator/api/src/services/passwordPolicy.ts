// The password rule in force (end-user spec §7): the default 6-18 characters, the configurable
// strong rule, or a configured pattern. It lives in the settings table under `password_policy`:
// absent or `default`, `strong`, or JSON `{"pattern": "...", "message": "..."}` (our design,
// decision 022). A pattern that does not compile falls back to the default rather than letting
// every password through.
import {
  DEFAULT_PASSWORD_MESSAGE,
  DEFAULT_PASSWORD_PATTERN,
  PASSWORD_POLICY_SETTING,
  STRONG_PASSWORD_MESSAGE,
  STRONG_PASSWORD_PATTERN,
} from '@gs/contract/account';
import type { SettingsRepo } from '../db/settingsRepo';

export interface PasswordRule {
  pattern: RegExp;
  message: string;
}

const DEFAULT_RULE: PasswordRule = {
  pattern: new RegExp(DEFAULT_PASSWORD_PATTERN, 'u'),
  message: DEFAULT_PASSWORD_MESSAGE,
};
const STRONG_RULE: PasswordRule = {
  pattern: new RegExp(STRONG_PASSWORD_PATTERN, 'u'),
  message: STRONG_PASSWORD_MESSAGE,
};

function configured(value: string): PasswordRule {
  try {
    const parsed = JSON.parse(value) as unknown;
    if (parsed && typeof parsed === 'object' && 'pattern' in parsed && typeof parsed.pattern === 'string') {
      const message = 'message' in parsed && typeof parsed.message === 'string' ? parsed.message : '';
      return { pattern: new RegExp(parsed.pattern, 'u'), message: message || DEFAULT_RULE.message };
    }
  } catch {
    // not JSON or not a pattern: the default below
  }
  return DEFAULT_RULE;
}

export function passwordRule(settings: SettingsRepo): PasswordRule {
  const value = settings.get(PASSWORD_POLICY_SETTING)?.trim() ?? '';
  if (value === '' || value === 'default') return DEFAULT_RULE;
  if (value === 'strong') return STRONG_RULE;
  return configured(value);
}

/** The message of the broken rule, or null when the password passes. */
export function passwordProblem(rule: PasswordRule, password: string): string | null {
  return rule.pattern.test(password) ? null : rule.message;
}
