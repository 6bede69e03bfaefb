// A signal that the results page's documents changed on the server (a copy, move, delete or merge
// finished): the page loads again and the grid's check boxes clear (they show checkedDocumentsAtom).
// Features bump it through requestResultsReloadAtom; the results page watches resultsReloadAtom. The archives'
// cached counts (the tree's) are invalidated with it, in every database: a copy or move may cross.
import { atom } from 'jotai';
import { invalidateAfterAtom } from '../../api/queryClient';
import { checkedDocumentsAtom } from './selection';

export const resultsReloadAtom = atom(0);

export const requestResultsReloadAtom = atom(null, (get, set) => {
  set(checkedDocumentsAtom, []);
  set(invalidateAfterAtom, 'documents');
  set(resultsReloadAtom, get(resultsReloadAtom) + 1);
});
