// One action registry (after Excalidraw's actions/register): an action is its id, the i18n key of
// its label, an optional icon and test id, its rules and what it does. The rules answer `true` or
// the i18n key of why not, in one place per action:
// - `allowed(state)`: the licence and the rights, which do not change with the selection; a toolbar
//   disables or hides the control when it says no;
// - `enabled(state)`: `allowed` and then the selection (none, too many, wrong first file type);
//   the toolbar checks it when the control is used and shows the reason instead of starting.
// `perform(ctx)` starts the action with the state and the screen's effects (open a dialog, run).
// Toolbars, menus and keyboard shortcuts read the same list, so a rule changes in one place.
import type { ParseKeys } from 'i18next';
import type { IconName } from '../components/Icon';

/** A translation key of the client's resources. */
export type I18nKey = ParseKeys;

/** `true`, or the translation key of why not. */
export type Verdict = true | I18nKey;

export interface Action<Id extends string, State, Effects> {
  id: Id;
  /** the translation key of the control's label */
  label: I18nKey;
  icon?: IconName;
  /** the control's data-testid, where tests find it */
  testId?: string;
  /** the control is disabled while a job of its toolbar runs (the wait modal) */
  waitsForJobs: boolean;
  /** the action works on the checked items (false: upload, which needs none) */
  readsSelection: boolean;
  /** the licence and the rights: may the control be used at all */
  allowed: (state: State) => Verdict;
  /** `allowed`, then the selection: may the action start now */
  enabled: (state: State) => Verdict;
  perform: (ctx: State & Effects) => void;
}

export interface Registry<Id extends string, State, Effects> {
  /** the actions in toolbar order */
  readonly list: readonly Action<Id, State, Effects>[];
  get: (id: Id) => Action<Id, State, Effects>;
}

/** Keeps the actions in order and finds one by id; an id registered twice is a programming error. */
export function register<Id extends string, State, Effects>(
  actions: readonly Action<Id, State, Effects>[],
): Registry<Id, State, Effects> {
  const byId = new Map<Id, Action<Id, State, Effects>>();
  for (const action of actions) {
    if (byId.has(action.id)) throw new Error(`action ${action.id} registered twice`);
    byId.set(action.id, action);
  }
  return {
    list: actions,
    get: (id) => {
      const action = byId.get(id);
      if (!action) throw new Error(`no action ${id}`);
      return action;
    },
  };
}

/** The first refusal of the rules in order, or true when every rule agrees. */
export function firstRefusal(...verdicts: (() => Verdict)[]): Verdict {
  for (const verdict of verdicts) {
    const answer = verdict();
    if (answer !== true) return answer;
  }
  return true;
}

/**
 * Runs the action when `enabled` agrees and answers null; otherwise answers the reason's key
 * without running it (the toolbar shows it).
 */
export function attempt<Id extends string, State, Effects>(
  action: Action<Id, State, Effects>,
  ctx: State & Effects,
): I18nKey | null {
  const verdict = action.enabled(ctx);
  if (verdict !== true) return verdict;
  action.perform(ctx);
  return null;
}
