// The remembered state of one grid in localStorage: its pinned and hidden columns (every grid,
// DataGrid keeps them) and, for a results grid (spec §3 "per-grid sort state"), its sort, under
// `gridState.{db}.{search}.{archive}`. An invalid sort clears it (spec §8).
import type { ColumnPinningState } from '@tanstack/react-table';
import type { SortSpec } from '@gs/contract/searches';
import { readLocal, removeLocal, writeLocal } from '../lib/storage';

export interface SavedGridState {
  sort: SortSpec[] | null;
  pinning: ColumnPinningState;
  visibility: Record<string, boolean>;
}

export const EMPTY_GRID_STATE: SavedGridState = {
  sort: null,
  pinning: { start: [], end: [] },
  visibility: {},
};

export const gridStateKey = (db: number, searchId: number, archive: number): string =>
  `gridState.${db}.${searchId}.${archive}`;

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((s) => typeof s === 'string');

function isSort(v: unknown): v is SortSpec[] {
  return (
    Array.isArray(v) &&
    v.every(
      (s) =>
        typeof s === 'object' &&
        s !== null &&
        Number.isInteger((s as SortSpec).fieldId) &&
        typeof (s as SortSpec).descending === 'boolean',
    )
  );
}

export function readGridState(key: string): SavedGridState {
  const raw = readLocal(key);
  if (!raw) return EMPTY_GRID_STATE;
  try {
    const v = JSON.parse(raw) as Partial<SavedGridState>;
    const pinning =
      v.pinning && isStringArray(v.pinning.start) && isStringArray(v.pinning.end)
        ? v.pinning
        : EMPTY_GRID_STATE.pinning;
    const visibility =
      v.visibility &&
      typeof v.visibility === 'object' &&
      Object.values(v.visibility).every((b) => typeof b === 'boolean')
        ? v.visibility
        : {};
    return { sort: isSort(v.sort) ? v.sort : null, pinning, visibility };
  } catch {
    return EMPTY_GRID_STATE;
  }
}

export function writeGridState(key: string, patch: Partial<SavedGridState>): void {
  writeLocal(key, JSON.stringify({ ...readGridState(key), ...patch }));
}

export const clearGridState = (key: string): void => removeLocal(key);
