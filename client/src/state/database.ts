// The databases of the signed-in user and the one they work in (remembered in localStorage).
import { atom } from 'jotai';
import { atomWithRefresh } from 'jotai/utils';
import type { Database } from '@gs/contract/databases';
import { getDatabases } from '../api/databases';
import { readLocal, writeLocal } from '../lib/storage';
import { httpAtom } from './environment';
import { loadableAtom } from './loadable';
import { sessionKeyAtom } from './session';

export const SELECTED_DATABASE_KEY = 'selectedDatabase';

export function readStoredDatabase(): number | null {
  const id = Number(readLocal(SELECTED_DATABASE_KEY));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export const selectedDatabaseAtom = atom<number | null>(null);

export const rememberDatabaseAtom = atom(null, (get, set, id: number) => {
  if (get(selectedDatabaseAtom) === id) return;
  writeLocal(SELECTED_DATABASE_KEY, String(id));
  set(selectedDatabaseAtom, id);
});

/** `GET dbs` once per sign-in; write to it to fetch again. */
export const databasesAtom = atomWithRefresh(async (get): Promise<Database[]> => {
  const key = get(sessionKeyAtom);
  const http = get(httpAtom);
  if (!key) return [];
  return getDatabases(http);
});

export const databasesLoadableAtom = loadableAtom(databasesAtom);

/** The databases once loaded; an empty list while loading or after a failure. */
export const knownDatabasesAtom = atom((get) => {
  const state = get(databasesLoadableAtom);
  return state.state === 'hasData' ? state.data : [];
});
