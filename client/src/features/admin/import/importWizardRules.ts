// The import wizard's rules (admin-spec §4, §5), pure: the order of the steps, the branch
// checkboxes (checked, unchecked or partial; applied templates never checkable), package names.
import {
  PACKAGE_EXTENSION,
  type ImportTemplateBranch,
  type ImportTemplateTree,
} from '@gs/contract/admin/packages';

export const WIZARD_STEPS = [
  'default',
  'createDatabase',
  'existingDatabase',
  'template',
  'password',
  'users',
  'groups',
  'security',
  'import',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** The `step` of the address (admin-spec §2: create or existing) as a wizard step. */
export function stepFromQuery(step: string | null): WizardStep {
  const wanted = (step ?? '').toLowerCase();
  if (wanted === 'create') return 'createDatabase';
  if (wanted === 'existing') return 'existingDatabase';
  return WIZARD_STEPS.find((s) => s.toLowerCase() === wanted) ?? 'default';
}

/** The step's name in the address. */
export const stepToQuery = (step: WizardStep): string =>
  step === 'createDatabase' ? 'create' : step === 'existingDatabase' ? 'existing' : step;

/**
 * The step after `step`: the database, then the template; then the password if the package
 * brings users to create, otherwise the groups; then users, groups, security and import.
 */
export function nextStep(step: WizardStep, hasUsers: boolean): WizardStep {
  switch (step) {
    case 'default':
      return 'createDatabase';
    case 'createDatabase':
    case 'existingDatabase':
      return 'template';
    case 'template':
      return hasUsers ? 'password' : 'groups';
    case 'password':
      return 'users';
    case 'users':
      return 'groups';
    case 'groups':
      return 'security';
    default:
      return 'import';
  }
}

/** The step Back returns to (the database step the user took). */
export function previousStep(step: WizardStep, hasUsers: boolean, createsDatabase: boolean): WizardStep {
  switch (step) {
    case 'createDatabase':
    case 'existingDatabase':
    case 'default':
      return 'default';
    case 'template':
      return createsDatabase ? 'createDatabase' : 'existingDatabase';
    case 'password':
      return 'template';
    case 'users':
      return 'password';
    case 'groups':
      return hasUsers ? 'users' : 'template';
    case 'security':
      return 'groups';
    default:
      return 'security';
  }
}

export type CheckState = 'checked' | 'unchecked' | 'partial';

/** A branch's box: checked when every child is, unchecked when none is, partial between. */
export function branchState(branch: ImportTemplateBranch): CheckState {
  const checked = branch.Children.filter((c) => c.Checked).length;
  if (branch.Children.length === 0) return branch.Checked ? 'checked' : 'unchecked';
  if (checked === 0) return 'unchecked';
  return checked === branch.Children.length ? 'checked' : 'partial';
}

/** Toggling a branch checks every child (unchecks them when it was checked); applied ones stay off. */
export function toggleBranch(tree: ImportTemplateTree, index: number): ImportTemplateTree {
  return {
    ...tree,
    Branches: tree.Branches.map((b, i) => {
      if (i !== index || b.Installed) return b;
      const on = branchState(b) !== 'checked';
      return { ...b, Checked: on, Children: b.Children.map((c) => ({ ...c, Checked: on })) };
    }),
  };
}

/** Toggling one child; its branch follows (checked when any child is). */
export function toggleChild(tree: ImportTemplateTree, index: number, childId: number): ImportTemplateTree {
  return {
    ...tree,
    Branches: tree.Branches.map((b, i) => {
      if (i !== index || b.Installed) return b;
      const Children = b.Children.map((c) => (c.ID === childId ? { ...c, Checked: !c.Checked } : c));
      return { ...b, Checked: Children.some((c) => c.Checked), Children };
    }),
  };
}

/** Something to import: a checked child of a branch not yet applied. */
export const hasChecked = (tree: ImportTemplateTree): boolean =>
  tree.Branches.some((b) => !b.Installed && b.Children.some((c) => c.Checked));

/** admin-spec §5: the upload accepts only names ending in gs. */
export const isPackageName = (name: string): boolean => name.toLowerCase().endsWith(PACKAGE_EXTENSION);

/** The acronym of an export: 1 to 16 letters, digits, _ or - (our design, as the server checks). */
export const isAcronym = (text: string): boolean => /^[A-Za-z0-9_-]{1,16}$/.test(text);
