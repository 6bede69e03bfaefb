// Bumped whenever files are added to, or removed from, an inbox, so the inbox list (counts) and an
// open inbox grid reload wherever the change was made (drop on the list, toolbar, grid).
import { atom } from 'jotai';

export const inboxChangesAtom = atom(0);
export const inboxChangedAtom = atom(null, (get, set) => set(inboxChangesAtom, get(inboxChangesAtom) + 1));
