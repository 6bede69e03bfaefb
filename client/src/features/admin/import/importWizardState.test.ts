import { describe, expect, it } from 'vitest';
import type { ImportLog, ImportTemplateTree, ImportUser, PackageInfo } from '@gs/contract/admin/packages';
import {
  canGoOn,
  currentStep,
  hasUsers,
  importBody,
  initialWizardState,
  wizardReducer,
  withStep,
  type WizardEvent,
  type WizardState,
} from './importWizardState';
import type { WizardStep } from './importWizardRules';

const user = (Name: string, Exists = false) => ({ Name, Exists }) as ImportUser;
const info = { Filename: 'FIN.gs' } as PackageInfo;
const tree = (users: string[] = ['ann'], checked = true): ImportTemplateTree => ({
  Branches: [
    {
      Parent: 'A',
      Installed: false,
      Checked: checked,
      Children: [{ Child: 'A/1', Checked: checked, Installed: false, ID: 1 }],
      Square9Users: [],
      Square9Groups: [],
    },
  ],
  UsersToAdd: users.map((n) => user(n)),
  GroupsToAdd: [user('Finance'), user('Audit')],
  DatabaseName: 'FromPackage',
  DatabaseID: 7,
  Username: '',
  Password: '',
  SQLServerName: '',
  AuthType: 'windows',
});
const log = (Status: ImportLog['Status']) => ({ LogId: 'L1', Status }) as ImportLog;

const run = (...events: WizardEvent[]): WizardState => events.reduce(wizardReducer, initialWizardState);
const templated = (...more: WizardEvent[]) =>
  run({ type: 'packageUploaded', info }, { type: 'treeLoaded', tree: tree() }, ...more);

describe('the import wizard reducer', () => {
  it('a request is busy, then idle or failed with its text; the next one clears the text', () => {
    expect(run({ type: 'requestStarted' }).request).toEqual({ status: 'busy' });
    expect(run({ type: 'requestStarted' }, { type: 'requestSucceeded' }).request).toEqual({ status: 'idle' });
    const failed = run({ type: 'requestStarted' }, { type: 'requestFailed', error: 'No.' });
    expect(failed.request).toEqual({ status: 'failed', error: 'No.' });
    expect(wizardReducer(failed, { type: 'requestSucceeded' }).request).toEqual(failed.request);
    expect(wizardReducer(failed, { type: 'requestStarted' }).request).toEqual({ status: 'busy' });
  });

  it('knows the package, then its tree with every user and group chosen', () => {
    expect(run().pkg).toEqual({ stage: 'none' });
    // no tree without a package
    expect(run({ type: 'treeLoaded', tree: tree() }).pkg).toEqual({ stage: 'none' });
    expect(run({ type: 'packageUploaded', info }).pkg).toEqual({ stage: 'uploaded', info });
    const state = templated();
    expect(state.pkg.stage).toBe('templated');
    if (state.pkg.stage !== 'templated') return;
    expect([...state.pkg.chosenUsers]).toEqual(['ann']);
    expect([...state.pkg.chosenGroups]).toEqual(['Finance', 'Audit']);
    // a package uploaded again keeps the tree until the database step loads the next
    const again = wizardReducer(state, { type: 'packageUploaded', info: { ...info, Filename: 'B.gs' } });
    expect(again.pkg).toMatchObject({ stage: 'templated', info: { Filename: 'B.gs' } });
  });

  it('toggles users and groups, and adds a CSV’s users chosen, replacing those of the same name', () => {
    const state = templated(
      { type: 'userToggled', name: 'ann' },
      { type: 'groupToggled', name: 'Audit' },
      { type: 'usersAdded', users: [user('bob'), user('ann')] },
    );
    if (state.pkg.stage !== 'templated') throw new Error('no tree');
    expect(state.pkg.users.map((u) => u.Name)).toEqual(['bob', 'ann']);
    expect([...state.pkg.chosenUsers].sort()).toEqual(['ann', 'bob']);
    expect([...state.pkg.chosenGroups]).toEqual(['Finance']);
    // before a tree, nothing to toggle
    expect(run({ type: 'userToggled', name: 'ann' })).toEqual(initialWizardState);
  });

  it('opens and closes the log and the history', () => {
    const failed = run({ type: 'logRead', log: log('Failed'), shown: true });
    expect(failed.log).toEqual({ log: log('Failed'), shown: true });
    expect(wizardReducer(failed, { type: 'logShown', shown: false }).log?.shown).toBe(false);
    expect(run({ type: 'logShown', shown: true }).log).toBeNull();
    expect(run({ type: 'history', open: true }).history).toBe(true);
  });

  it('Cancel forgets the package and its answers, keeps the server name and a running request', () => {
    const filled = templated(
      {
        type: 'answered',
        answers: { name: 'New', server: 'sql01', password: 'p', confirm: 'p', databaseId: 3 },
      },
      { type: 'logRead', log: log('Failed'), shown: true },
      { type: 'requestFailed', error: 'No.' },
    );
    const reset = wizardReducer(filled, { type: 'reset' });
    expect(reset.pkg).toEqual({ stage: 'none' });
    expect(reset.answers).toEqual({ ...initialWizardState.answers, server: 'sql01' });
    expect(reset.request).toEqual({ status: 'idle' });
    expect(reset.log).toBeNull();
    const busy = wizardReducer({ ...filled, request: { status: 'busy' } }, { type: 'reset' });
    expect(busy.request).toEqual({ status: 'busy' });
  });
});

describe('the step and the address', () => {
  // [what is known, the address's step, the step shown]
  const cases: [string, WizardState, WizardStep, WizardStep][] = [
    ['nothing', run(), 'template', 'default'],
    ['nothing', run(), 'createDatabase', 'default'],
    ['a package', run({ type: 'packageUploaded', info }), 'createDatabase', 'createDatabase'],
    ['a package', run({ type: 'packageUploaded', info }), 'existingDatabase', 'existingDatabase'],
    ['a package', run({ type: 'packageUploaded', info }), 'template', 'default'],
    ['a package', run({ type: 'packageUploaded', info }), 'import', 'default'],
    ['a tree', templated(), 'password', 'password'],
    ['a tree', templated(), 'import', 'import'],
  ];
  it.each(cases)('with %s, step=%s shows %s', (_known, state, requested, shown) => {
    expect(currentStep(state.pkg, requested)).toBe(shown);
  });

  it('writes the step into the address, keeping the rest, and none for the first step', () => {
    const query = new URLSearchParams('mode=DATABASE_IMPORT&step=template');
    expect(withStep(query, 'createDatabase').toString()).toBe('mode=DATABASE_IMPORT&step=create');
    expect(withStep(query, 'existingDatabase').get('step')).toBe('existing');
    expect(withStep(query, 'default').toString()).toBe('mode=DATABASE_IMPORT');
    expect(query.get('step')).toBe('template');
  });

  it('goes through the password and users steps only when the package brings users', () => {
    expect(hasUsers(templated().pkg)).toBe(true);
    expect(hasUsers(run({ type: 'packageUploaded', info }, { type: 'treeLoaded', tree: tree([]) }).pkg)).toBe(
      false,
    );
    expect(hasUsers(run().pkg)).toBe(false);
  });
});

describe('Next and the import', () => {
  // [step, answers, may go on]
  const cases: [WizardStep, WizardState, boolean][] = [
    ['createDatabase', templated(), false],
    ['createDatabase', templated({ type: 'answered', answers: { name: 'New' } }), true],
    ['existingDatabase', templated(), false],
    ['existingDatabase', templated({ type: 'answered', answers: { databaseId: 4 } }), true],
    ['template', templated(), true],
    [
      'template',
      run({ type: 'packageUploaded', info }, { type: 'treeLoaded', tree: tree(['ann'], false) }),
      false,
    ],
    ['template', run({ type: 'packageUploaded', info }), false],
    ['password', templated({ type: 'answered', answers: { password: 'a', confirm: 'b' } }), false],
    ['password', templated({ type: 'answered', answers: { password: '', confirm: '' } }), false],
    ['password', templated({ type: 'answered', answers: { password: 'a', confirm: 'a' } }), true],
    ['groups', templated(), true],
  ];
  it.each(cases)('on %s: Next %#', (step, state, ok) => {
    expect(canGoOn(step, state)).toBe(ok);
  });

  it('sends the tree with the answers and only the chosen users and groups', () => {
    const answers = { name: 'New', server: 'sql01', password: 'pw', databaseId: 9 };
    const chosen: WizardEvent[] = [
      { type: 'answered', answers },
      { type: 'usersAdded', users: [user('bob')] },
      { type: 'userToggled', name: 'ann' },
      { type: 'groupToggled', name: 'Finance' },
    ];
    const created = importBody(templated(...chosen));
    expect(created).toMatchObject({
      DatabaseName: 'New',
      DatabaseID: 0,
      SQLServerName: 'sql01',
      Password: 'pw',
    });
    expect(created?.UsersToAdd.map((u) => u.Name)).toEqual(['bob']);
    expect(created?.GroupsToAdd.map((g) => g.Name)).toEqual(['Audit']);
    const existing = importBody(templated(...chosen, { type: 'databaseMode', creates: false }));
    expect(existing).toMatchObject({ DatabaseName: 'FromPackage', DatabaseID: 9 });
    expect(importBody(run({ type: 'packageUploaded', info }))).toBeNull();
  });
});
