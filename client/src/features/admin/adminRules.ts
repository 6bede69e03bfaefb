// Rules of the console that are not about one catalogue kind (admin-spec §5, §9): database
// names, stamps, confirm delete, licence rules and text completion. Pure, each tested.
import {
  BUILT_IN_LICENSE_RULES,
  NEW_LICENSE_RULE_DEFAULTS,
  STAMP_EXISTS,
  type AdminLicenseRule,
  type AdminStamp,
} from '@gs/contract/admin/server';

/** Letters, digits, `_`, `-` and `` ` ! ^ ( ) + = { } [ ; $ , . `` stay; everything else goes. */
export const stripDatabaseName = (name: string): string =>
  name.replace(/[^\p{L}\p{N}_\-`!^()+={}[;$,.]/gu, '');

/** The import wizard's new database names keep only letters, digits, `_` and `-`. */
export const stripWizardDatabaseName = (name: string): string => name.replace(/[^\p{L}\p{N}_-]/gu, '');

export const canSaveDatabaseName = (name: string): boolean => stripDatabaseName(name).length > 0;

/** Stamps sorted alphabetically (case-insensitive, as a person reads them). */
export const sortStamps = (stamps: readonly AdminStamp[]): AdminStamp[] =>
  [...stamps].sort((a, b) => a.Text.localeCompare(b.Text, undefined, { sensitivity: 'base' }));

/** The error of adding `text`, or null: empty is refused, a duplicate is 'Stamp already exists.'. */
export function stampError(
  text: string,
  stamps: readonly AdminStamp[],
): 'empty' | typeof STAMP_EXISTS | null {
  const wanted = text.trim();
  if (!wanted) return 'empty';
  return stamps.some((s) => s.Text.trim().toLowerCase() === wanted.toLowerCase()) ? STAMP_EXISTS : null;
}

/** What a stamp will print: @Today becomes the date, @User the user name. */
export const previewStamp = (text: string, user: string, today: string): string =>
  text.replace(/@today/gi, today).replace(/@user/gi, user);

export type DeleteKind =
  'database' | 'archive' | 'inbox' | 'field' | 'tableField' | 'list' | 'search' | 'stamp' | 'licenseRule';

/** What the user types to confirm a delete: DELETE and the upper-case name; for searches the name. */
export const confirmDeletePhrase = (kind: DeleteKind, name: string): string =>
  kind === 'search' ? name : `DELETE ${name.toUpperCase()}`;

export const isDeleteConfirmed = (kind: DeleteKind, name: string, typed: string): boolean =>
  typed.trim() === confirmDeletePhrase(kind, name);

/** The four built-in licence rules are read-only. */
export const isBuiltInRule = (rule: Pick<AdminLicenseRule, 'Name'>): boolean =>
  (BUILT_IN_LICENSE_RULES as readonly string[]).includes(rule.Name);

/** Rule IID 1 can never be deleted; neither can a built-in. */
export const canDeleteRule = (rule: Pick<AdminLicenseRule, 'IID' | 'Name'>): boolean =>
  rule.IID !== 1 && !isBuiltInRule(rule);

export const newLicenseRule = (): AdminLicenseRule => ({
  IID: 0,
  Name: '',
  Type: 1,
  UserOrGroup: '',
  ...NEW_LICENSE_RULE_DEFAULTS,
});

export const MAX_COMPLETIONS = 100;

/** Text completion: the items containing `typed` (case-insensitive), at most 100. */
export function complete(items: readonly string[], typed: string): string[] {
  const needle = typed.trim().toLowerCase();
  const out: string[] = [];
  for (const item of items) {
    if (out.length === MAX_COMPLETIONS) break;
    if (item.toLowerCase().includes(needle)) out.push(item);
  }
  return out;
}
