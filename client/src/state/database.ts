// The database the user works in (remembered in localStorage); the databases they may open are a
// query (api/useDatabases.ts).
import { atom } from 'jotai';
import { readLocal, writeLocal } from '../lib/storage';

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
