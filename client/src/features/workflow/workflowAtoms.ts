// Bumped whenever tasks move (a queue action finished), so the queue lists (counts), the queue
// searches and an open task grid load again wherever the action was taken; an action may move
// documents between archives, so the archives' cached counts are invalidated too.
import { atom } from 'jotai';
import { invalidateAfterAtom } from '../../api/queryClient';

export const queueChangesAtom = atom(0);
export const queuesChangedAtom = atom(null, (get, set) => {
  set(invalidateAfterAtom, 'queue');
  set(queueChangesAtom, get(queueChangesAtom) + 1);
});
