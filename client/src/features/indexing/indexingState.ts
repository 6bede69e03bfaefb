// The indexing view's state (decision 072): one reducer for the page shown, the checked pages, the
// field values, each field's own check (reported by IndexField) and the server's refusal of the
// last save, whether the errors show, the save under way, the notice and the burst dialog. Pure:
// the screen dispatches and runs the requests.
import type { FieldSpec } from '../../lib/fieldSpec';
import type { ValueCheck } from '../../lib/fieldValidation';
import { isEditable } from './indexingSave';

export interface IndexingNotice {
  text: string;
  detail?: string | null;
}

export interface IndexingState {
  /** the source file shown (a capture can bring several) */
  fileIndex: number;
  page: number;
  /** the pages checked for a burst */
  selected: ReadonlySet<number>;
  values: Readonly<Record<number, string[]>>;
  /** each editable field's check of its values, as the field last reported it */
  checks: ReadonlyMap<number, ValueCheck>;
  /** the server's refusals of the last save, each until its field changes */
  server: Readonly<Record<number, ValueCheck>>;
  showErrors: boolean;
  saving: boolean;
  notice: IndexingNotice | null;
  bursting: boolean;
}

export type IndexingEvent =
  | { type: 'fileChosen'; index: number }
  | { type: 'pageShown'; page: number }
  | { type: 'pageToggled'; page: number }
  | { type: 'fieldChanged'; id: number; values: string[] }
  | { type: 'fieldChecked'; id: number; check: ValueCheck }
  | { type: 'notice'; notice: IndexingNotice | null }
  /** the save found values to correct (here or on the server): the errors show with the notice */
  | { type: 'invalid'; notice: IndexingNotice; server?: Record<number, ValueCheck> }
  | { type: 'saveStarted' }
  | { type: 'saveEnded' }
  | { type: 'burst'; open: boolean };

export const initialIndexingState: IndexingState = {
  fileIndex: 0,
  page: 1,
  selected: new Set(),
  values: {},
  checks: new Map(),
  server: {},
  showErrors: false,
  saving: false,
  notice: null,
  bursting: false,
};

const sameCheck = (a: ValueCheck | undefined, b: ValueCheck): boolean =>
  a !== undefined && a.code === b.code && a.reason === b.reason && a.text === b.text;

export function indexingReducer(state: IndexingState, event: IndexingEvent): IndexingState {
  switch (event.type) {
    case 'fileChosen':
      return { ...state, fileIndex: event.index, page: 1, selected: new Set() };
    case 'pageShown':
      return { ...state, page: event.page };
    case 'pageToggled': {
      const selected = new Set(state.selected);
      if (!selected.delete(event.page)) selected.add(event.page);
      return { ...state, selected };
    }
    case 'fieldChanged': {
      const values = { ...state.values, [event.id]: event.values };
      if (!(event.id in state.server)) return { ...state, values };
      const server = { ...state.server };
      delete server[event.id];
      return { ...state, values, server };
    }
    case 'fieldChecked': {
      // an unchanged check changes nothing (no render)
      if (sameCheck(state.checks.get(event.id), event.check)) return state;
      return { ...state, checks: new Map(state.checks).set(event.id, event.check) };
    }
    case 'notice':
      return { ...state, notice: event.notice };
    case 'invalid':
      return {
        ...state,
        showErrors: true,
        notice: event.notice,
        server: event.server ?? state.server,
      };
    case 'saveStarted':
      return { ...state, saving: true, notice: null };
    case 'saveEnded':
      return { ...state, saving: false };
    case 'burst':
      return { ...state, bursting: event.open };
  }
}

/** The first editable field, in form order, whose own check refuses its values; none: all pass. */
export function firstInvalidField(
  specs: readonly FieldSpec[],
  checks: ReadonlyMap<number, ValueCheck>,
): FieldSpec | undefined {
  return specs.filter(isEditable).find((s) => (checks.get(s.id)?.code ?? 0) !== 0);
}
