// Saving the dirty rows (spec §5, §7): each row's changed values are checked by the server
// (`POST indexes`) and, when all pass, written (`PUT UpdateDocument/.../FieldData`); the values the
// server answers replace the row's. Rows the client already refuses are not sent.
import { atom } from 'jotai';
import type { FieldValue } from '@gs/contract/fields';
import type { FieldCheckResult, FieldDataErrorBody } from '@gs/contract/fieldChecks';
import { checkFieldValues, saveFieldData } from '../../../api/documents';
import { ApiError, type Http } from '../../../api/http';
import type { FieldSpec } from '../../../lib/fieldSpec';
import { serverCheck, toWireValue, type ValueCheck } from '../../../lib/fieldValidation';
import { serverReason } from '../../../lib/serverTexts';
import { httpAtom } from '../../../state/environment';
import type { ResultRow } from '../resultsRows';
import {
  draftsAtom,
  editNoticeAtom,
  rowIsInvalid,
  saveCountAtom,
  savedValuesAtom,
  type RowDraft,
} from './editAtoms';

export interface SaveContext {
  db: number;
  archive: number;
  locale: string;
  rows: ReadonlyMap<string, ResultRow>;
  specs: ReadonlyMap<number, FieldSpec>;
}

type RowOutcome =
  | { ok: true; values: FieldValue[] }
  | { ok: false; server: Record<number, ValueCheck>; error: string | null };

const refusals = (results: FieldCheckResult[]): Record<number, ValueCheck> =>
  Object.fromEntries(results.filter((r) => !r.Valid).map((r) => [r.ID, serverCheck(r)]));

function errorFields(error: ApiError): FieldCheckResult[] {
  try {
    const body = JSON.parse(error.body) as Partial<FieldDataErrorBody>;
    return Array.isArray(body.Fields) ? body.Fields : [];
  } catch {
    return [];
  }
}

export function wireValues(draft: RowDraft, ctx: SaveContext): FieldValue[] {
  return Object.entries(draft.cells).map(([id, cell]) => {
    const spec = ctx.specs.get(Number(id));
    return {
      ID: Number(id),
      VAL: spec ? toWireValue(spec, cell.text, ctx.locale) : cell.text.trim(),
      MVAL: [],
    };
  });
}

async function saveRow(http: Http, ctx: SaveContext, row: ResultRow, draft: RowDraft): Promise<RowOutcome> {
  const values = wireValues(draft, ctx);
  try {
    const checks = await checkFieldValues(http, ctx.db, ctx.archive, values);
    const server = refusals(Array.isArray(checks) ? checks : []);
    if (Object.keys(server).length) return { ok: false, server, error: null };
    const saved = await saveFieldData(
      http,
      { db: ctx.db, archive: ctx.archive, id: row.doc.Id, hash: row.doc.Hash },
      values,
    );
    return { ok: true, values: Array.isArray(saved) ? saved : values };
  } catch (error) {
    if (error instanceof ApiError) {
      const server = refusals(errorFields(error));
      return {
        ok: false,
        server,
        error: Object.keys(server).length
          ? null
          : (serverReason(error) ?? (error.kind === 'http' ? `HTTP ${error.status}` : error.kind)),
      };
    }
    return { ok: false, server: {}, error: String(error) };
  }
}

/** Saves every dirty row the client accepts; true when nothing is left unsaved. */
export const saveDirtyRowsAtom = atom(null, async (get, set, ctx: SaveContext): Promise<boolean> => {
  const http = get(httpAtom);
  const pending = Object.entries(get(draftsAtom)).filter(([, draft]) => !rowIsInvalid(draft));
  const outcomes = await Promise.all(
    pending.map(async ([id, draft]) => {
      const row = ctx.rows.get(id);
      return [id, row ? await saveRow(http, ctx, row, draft) : null] as const;
    }),
  );
  const drafts = { ...get(draftsAtom) };
  const saved = { ...get(savedValuesAtom) };
  for (const [id, outcome] of outcomes) {
    if (!outcome) continue;
    const draft = drafts[id];
    if (outcome.ok) {
      const previous = ctx.rows.get(id)?.doc.Fields ?? [];
      const merged = new Map([...(saved[id] ?? previous), ...outcome.values].map((v) => [v.ID, v]));
      saved[id] = [...merged.values()];
      delete drafts[id];
    } else if (draft) drafts[id] = { ...draft, server: outcome.server, error: outcome.error };
  }
  set(savedValuesAtom, saved);
  set(draftsAtom, drafts);
  if (outcomes.some(([, o]) => o?.ok)) set(saveCountAtom, get(saveCountAtom) + 1);
  const sent = outcomes.filter(([, o]) => o !== null);
  if (sent.length)
    set(
      editNoticeAtom,
      sent.every(([, o]) => o?.ok)
        ? { tone: 'success', key: 'results.edit.saved' }
        : { tone: 'error', key: 'results.edit.saveFailed' },
    );
  return Object.keys(drafts).length === 0;
});
