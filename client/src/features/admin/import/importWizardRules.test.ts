import { describe, expect, it } from 'vitest';
import type { ImportTemplateBranch, ImportTemplateTree } from '@gs/contract/admin/packages';
import {
  branchState,
  hasChecked,
  isAcronym,
  isPackageName,
  nextStep,
  previousStep,
  stepFromQuery,
  stepToQuery,
  toggleBranch,
  toggleChild,
} from './importWizardRules';

const branch = (parent: string, checked: boolean[], installed = false): ImportTemplateBranch => ({
  Parent: parent,
  Installed: installed,
  Checked: checked.some(Boolean),
  Children: checked.map((c, i) => ({ Child: `${parent}/${i}`, Checked: c, Installed: installed, ID: i + 1 })),
  Square9Users: [],
  Square9Groups: [],
});
const tree = (...branches: ImportTemplateBranch[]): ImportTemplateTree => ({
  Branches: branches,
  UsersToAdd: [],
  GroupsToAdd: [],
  DatabaseName: '',
  DatabaseID: 0,
  Username: '',
  Password: '',
  SQLServerName: '',
  AuthType: 'windows',
});

describe('import wizard steps (admin-spec §4)', () => {
  it('goes database, template, then password only when users are to be created', () => {
    expect(nextStep('createDatabase', false)).toBe('template');
    expect(nextStep('existingDatabase', true)).toBe('template');
    expect(nextStep('template', true)).toBe('password');
    expect(nextStep('template', false)).toBe('groups');
    expect(['password', 'users', 'groups', 'security'].map((s) => nextStep(s as never, true))).toEqual([
      'users',
      'groups',
      'security',
      'import',
    ]);
  });
  it('steps back the way it came', () => {
    expect(previousStep('template', false, true)).toBe('createDatabase');
    expect(previousStep('template', false, false)).toBe('existingDatabase');
    expect(previousStep('groups', true, true)).toBe('users');
    expect(previousStep('groups', false, true)).toBe('template');
    expect(previousStep('import', false, true)).toBe('security');
  });
  it('reads create and existing from the address, and writes them back', () => {
    expect(stepFromQuery('create')).toBe('createDatabase');
    expect(stepFromQuery('EXISTING')).toBe('existingDatabase');
    expect(stepFromQuery('template')).toBe('template');
    expect(stepFromQuery('nonsense')).toBe('default');
    expect(stepToQuery('existingDatabase')).toBe('existing');
  });
});

describe('branch checkboxes', () => {
  it('are checked, unchecked or partial by their children', () => {
    expect(branchState(branch('A', [true, true]))).toBe('checked');
    expect(branchState(branch('A', [false, false]))).toBe('unchecked');
    expect(branchState(branch('A', [true, false]))).toBe('partial');
  });
  it('a toggle checks every child of a partial branch, unchecks a checked one, never an applied one', () => {
    const t1 = toggleBranch(tree(branch('A', [true, false])), 0);
    expect(branchState(t1.Branches[0] as ImportTemplateBranch)).toBe('checked');
    expect(branchState(toggleBranch(t1, 0).Branches[0] as ImportTemplateBranch)).toBe('unchecked');
    const applied = tree(branch('A', [false], true));
    expect(toggleBranch(applied, 0)).toEqual(applied);
    expect(toggleChild(applied, 0, 1)).toEqual(applied);
    expect(hasChecked(applied)).toBe(false);
  });
  it('a child toggle makes its branch partial', () => {
    const t1 = toggleChild(tree(branch('A', [true, true])), 0, 2);
    expect(branchState(t1.Branches[0] as ImportTemplateBranch)).toBe('partial');
    expect(hasChecked(t1)).toBe(true);
  });
});

describe('names', () => {
  it('accepts only package names ending in gs, and acronyms of letters, digits, _ and -', () => {
    expect(isPackageName('Finance.gs')).toBe(true);
    expect(isPackageName('FINANCE.GS')).toBe(true);
    expect(isPackageName('finance.zip')).toBe(false);
    expect(isAcronym('FIN_1')).toBe(true);
    expect(isAcronym('')).toBe(false);
    expect(isAcronym('a b')).toBe(false);
  });
});
