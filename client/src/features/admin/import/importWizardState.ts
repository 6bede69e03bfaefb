// The import wizard's state (admin-spec §4, §5; decision 072): one reducer over a typed state whose
// parts say what is known. The package is none, uploaded, or uploaded with its template tree (and
// the users and groups chosen from it); a request is idle, busy or failed with its text; the log is
// absent or read and shown or not. The step lives in the address (`?step=`, so Back and a link
// work); `currentStep` reads it against what is known, `withStep` writes it.
import type { AdminDatabase } from '@gs/contract/admin/catalog';
import type { ImportLog, ImportTemplateTree, ImportUser, PackageInfo } from '@gs/contract/admin/packages';
import { hasChecked, stepToQuery, type WizardStep } from './importWizardRules';

export type StagedPackage =
  | { stage: 'none' }
  | { stage: 'uploaded'; info: PackageInfo }
  | {
      stage: 'templated';
      info: PackageInfo;
      tree: ImportTemplateTree;
      /** the package's users and those a CSV added */
      users: ImportUser[];
      chosenUsers: ReadonlySet<string>;
      chosenGroups: ReadonlySet<string>;
    };

export type Request = { status: 'idle' } | { status: 'busy' } | { status: 'failed'; error: string };

export interface Answers {
  createsDatabase: boolean;
  name: string;
  server: string;
  databaseId: number;
  password: string;
  confirm: string;
}

export interface WizardState {
  pkg: StagedPackage;
  answers: Answers;
  /** the databases to import into (the existing-database step) */
  databases: AdminDatabase[];
  /** the users and groups the security step lists */
  principals: ImportUser[];
  request: Request;
  log: { log: ImportLog; shown: boolean } | null;
  history: boolean;
}

export type WizardEvent =
  | { type: 'requestStarted' }
  | { type: 'requestSucceeded' }
  | { type: 'requestFailed'; error: string }
  | { type: 'packageUploaded'; info: PackageInfo }
  | { type: 'databaseMode'; creates: boolean }
  | { type: 'databasesLoaded'; databases: AdminDatabase[] }
  | { type: 'answered'; answers: Partial<Omit<Answers, 'createsDatabase'>> }
  | { type: 'treeLoaded'; tree: ImportTemplateTree }
  | { type: 'treeChanged'; tree: ImportTemplateTree }
  | { type: 'userToggled'; name: string }
  | { type: 'groupToggled'; name: string }
  | { type: 'usersAdded'; users: ImportUser[] }
  | { type: 'principalsLoaded'; principals: ImportUser[] }
  | { type: 'logRead'; log: ImportLog; shown: boolean }
  | { type: 'logShown'; shown: boolean }
  | { type: 'history'; open: boolean }
  | { type: 'reset' };

export const initialWizardState: WizardState = {
  pkg: { stage: 'none' },
  answers: { createsDatabase: true, name: '', server: '(local)', databaseId: 0, password: '', confirm: '' },
  databases: [],
  principals: [],
  request: { status: 'idle' },
  log: null,
  history: false,
};

const toggled = (set: ReadonlySet<string>, name: string): Set<string> => {
  const next = new Set(set);
  if (next.has(name)) next.delete(name);
  else next.add(name);
  return next;
};

/** Changes the template part; nothing happens before a tree is loaded. */
function withTemplate(
  state: WizardState,
  change: (pkg: Extract<StagedPackage, { stage: 'templated' }>) => StagedPackage,
): WizardState {
  return state.pkg.stage === 'templated' ? { ...state, pkg: change(state.pkg) } : state;
}

export function wizardReducer(state: WizardState, event: WizardEvent): WizardState {
  switch (event.type) {
    case 'requestStarted':
      return { ...state, request: { status: 'busy' } };
    case 'requestSucceeded':
      return state.request.status === 'busy' ? { ...state, request: { status: 'idle' } } : state;
    case 'requestFailed':
      return { ...state, request: { status: 'failed', error: event.error } };
    case 'packageUploaded':
      // a tree already loaded stays until the database step loads the next one
      return {
        ...state,
        pkg:
          state.pkg.stage === 'templated'
            ? { ...state.pkg, info: event.info }
            : { stage: 'uploaded', info: event.info },
      };
    case 'databaseMode':
      return { ...state, answers: { ...state.answers, createsDatabase: event.creates } };
    case 'databasesLoaded':
      return { ...state, databases: event.databases };
    case 'answered':
      return { ...state, answers: { ...state.answers, ...event.answers } };
    case 'treeLoaded': {
      if (state.pkg.stage === 'none') return state;
      const { tree } = event;
      return {
        ...state,
        pkg: {
          stage: 'templated',
          info: state.pkg.info,
          tree,
          users: tree.UsersToAdd,
          chosenUsers: new Set(tree.UsersToAdd.map((u) => u.Name)),
          chosenGroups: new Set(tree.GroupsToAdd.map((g) => g.Name)),
        },
      };
    }
    case 'treeChanged':
      return withTemplate(state, (pkg) => ({ ...pkg, tree: event.tree }));
    case 'userToggled':
      return withTemplate(state, (pkg) => ({ ...pkg, chosenUsers: toggled(pkg.chosenUsers, event.name) }));
    case 'groupToggled':
      return withTemplate(state, (pkg) => ({ ...pkg, chosenGroups: toggled(pkg.chosenGroups, event.name) }));
    case 'usersAdded': {
      const added = event.users;
      return withTemplate(state, (pkg) => ({
        ...pkg,
        users: [...pkg.users.filter((u) => !added.some((a) => a.Name === u.Name)), ...added],
        chosenUsers: new Set([...pkg.chosenUsers, ...added.map((u) => u.Name)]),
      }));
    }
    case 'principalsLoaded':
      return { ...state, principals: event.principals };
    case 'logRead':
      return { ...state, log: { log: event.log, shown: event.shown } };
    case 'logShown':
      return state.log ? { ...state, log: { ...state.log, shown: event.shown } } : state;
    case 'history':
      return { ...state, history: event.open };
    case 'reset':
      // the answers of the package go; the server name, the databases and a running request stay
      return {
        ...state,
        pkg: { stage: 'none' },
        answers: { ...state.answers, name: '', databaseId: 0, password: '', confirm: '' },
        request: state.request.status === 'busy' ? state.request : { status: 'idle' },
        log: null,
      };
  }
}

/** The step shown: the address's, unless what it needs is not known (a reload starts again). */
export function currentStep(pkg: StagedPackage, requested: WizardStep): WizardStep {
  if (pkg.stage === 'none') return 'default';
  if (pkg.stage === 'uploaded' && requested !== 'createDatabase' && requested !== 'existingDatabase')
    return 'default';
  return requested;
}

/** The address's query with `step` in it (none for the first step). */
export function withStep(query: URLSearchParams, step: WizardStep): URLSearchParams {
  const next = new URLSearchParams(query);
  if (step === 'default') next.delete('step');
  else next.set('step', stepToQuery(step));
  return next;
}

/** The package brings users to create (the password and users steps). */
export const hasUsers = (pkg: StagedPackage): boolean =>
  pkg.stage === 'templated' && pkg.tree.UsersToAdd.length > 0;

/** Whether Next may go on from the step with these answers. */
export function canGoOn(step: WizardStep, state: WizardState): boolean {
  const { answers, pkg } = state;
  switch (step) {
    case 'createDatabase':
      return answers.name !== '';
    case 'existingDatabase':
      return answers.databaseId > 0;
    case 'template':
      return pkg.stage === 'templated' && hasChecked(pkg.tree);
    case 'password':
      return answers.password !== '' && answers.password === answers.confirm;
    default:
      return true;
  }
}

/** The template tree the import sends: the answers and the chosen users and groups in it. */
export function importBody(state: WizardState): ImportTemplateTree | null {
  const { pkg, answers } = state;
  if (pkg.stage !== 'templated') return null;
  return {
    ...pkg.tree,
    DatabaseName: answers.createsDatabase ? answers.name : pkg.tree.DatabaseName,
    DatabaseID: answers.createsDatabase ? 0 : answers.databaseId,
    SQLServerName: answers.server,
    Password: answers.password,
    UsersToAdd: pkg.users.filter((u) => pkg.chosenUsers.has(u.Name)),
    GroupsToAdd: pkg.tree.GroupsToAdd.filter((g) => pkg.chosenGroups.has(g.Name)),
  };
}
