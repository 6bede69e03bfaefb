// The password rule in force (end-user spec §7): the default 6-18 characters, the configurable
// strong rule, or a configured pattern. It lives in the settings table under `password_policy`:
// absent or `default`, `strong`, or JSON `{"pattern": "...", "message": "..."}` (our design,
// decision 022), set by an administrator of all databases (`PUT admin/passwordpolicy`).
// An administrator's pattern runs on RE2 (re2js) like a field's RegEx (decision 046): its time
// grows linearly with the password, so `^(\w+\s?)*$` cannot hold the server. A pattern RE2 cannot
// run (backreferences, lookaround) is refused when saved; one stored before falls back to the
// default rather than letting every password through. The two built-in rules are fixed patterns
// (the strong one needs lookahead) and stay on RegExp.
import {
  DEFAULT_PASSWORD_MESSAGE,
  DEFAULT_PASSWORD_PATTERN,
  PASSWORD_POLICY_SETTING,
  STRONG_PASSWORD_MESSAGE,
  STRONG_PASSWORD_PATTERN,
  type PasswordPolicy,
} from '@gs/contract/account';
import type { SettingsRepo } from '../../adminServer/repos/settingsRepo';
import { badRequest } from '../../domain/errors';
import { compileFieldRegex, fieldRegexRefusal } from '../../fields/services/fieldRegex';

export interface PasswordRule {
  pattern: { test(password: string): boolean };
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

/** The longest pattern and message an administrator may set. */
const MAX_PATTERN = 1000;
const MAX_MESSAGE = 500;

/** The stored setting as a policy; anything unreadable is the default. */
export function storedPolicy(value: string | undefined): PasswordPolicy {
  const text = value?.trim() ?? '';
  if (text === 'strong') return 'strong';
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && 'pattern' in parsed && typeof parsed.pattern === 'string') {
      const message = 'message' in parsed && typeof parsed.message === 'string' ? parsed.message : '';
      return { pattern: parsed.pattern, message };
    }
  } catch {
    // not JSON ('' or 'default' too): the default below
  }
  return 'default';
}

function configured(policy: { pattern: string; message: string }): PasswordRule {
  const compiled = compileFieldRegex(policy.pattern);
  if (!compiled.ok) {
    console.warn(
      `The password pattern '${policy.pattern.slice(0, 200)}' cannot run: ${compiled.why}; the default rule applies.`,
    );
    return DEFAULT_RULE;
  }
  return { pattern: compiled.re, message: policy.message || DEFAULT_RULE.message };
}

export function passwordRule(settings: SettingsRepo): PasswordRule {
  const policy = storedPolicy(settings.get(PASSWORD_POLICY_SETTING));
  if (policy === 'default') return DEFAULT_RULE;
  if (policy === 'strong') return STRONG_RULE;
  return configured(policy);
}

/** The message of the broken rule, or null when the password passes. */
export function passwordProblem(rule: PasswordRule, password: string): string | null {
  return rule.pattern.test(password) ? null : rule.message;
}

/**
 * A policy as an administrator sends it: "default", "strong", or {Pattern, Message} (keys in any
 * casing). 400 for anything else, and for a pattern RE2 cannot run.
 */
export function readPasswordPolicy(raw: unknown): PasswordPolicy {
  if (raw === 'default' || raw === 'strong') return raw;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw badRequest(`The password policy must be "default", "strong" or {"Pattern", "Message"}.`);
  const keys = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k.toLowerCase(), v as unknown]));
  const { pattern, message = '' } = keys;
  if (typeof pattern !== 'string' || pattern === '' || typeof message !== 'string')
    throw badRequest('The password policy needs a Pattern, and its Message must be text.');
  if (pattern.length > MAX_PATTERN || message.length > MAX_MESSAGE)
    throw badRequest(
      `The Pattern may have at most ${MAX_PATTERN} characters and the Message at most ${MAX_MESSAGE}.`,
    );
  const refused = fieldRegexRefusal(pattern);
  if (refused) throw badRequest(refused);
  return { pattern, message };
}

/** Store a policy (read by readPasswordPolicy). */
export function savePasswordPolicy(settings: SettingsRepo, policy: PasswordPolicy): void {
  settings.set(PASSWORD_POLICY_SETTING, typeof policy === 'string' ? policy : JSON.stringify(policy));
}
