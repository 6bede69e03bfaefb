// Bumped whenever tasks move (a queue action finished), so the queue lists (counts), the queue
// searches and an open task grid load again wherever the action was taken.
import { atom } from 'jotai';

export const queueChangesAtom = atom(0);
export const queuesChangedAtom = atom(null, (get, set) => set(queueChangesAtom, get(queueChangesAtom) + 1));
