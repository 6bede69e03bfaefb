// A signal that the results page's documents changed on the server (a copy, move, delete or merge
// finished): the page loads again and the grid's check boxes clear. Features bump it through
// requestResultsReloadAtom; the results page and grid watch resultsReloadAtom.
import { atom } from 'jotai';
import { checkedDocumentsAtom } from './selection';

export const resultsReloadAtom = atom(0);

export const requestResultsReloadAtom = atom(null, (get, set) => {
  set(checkedDocumentsAtom, []);
  set(resultsReloadAtom, get(resultsReloadAtom) + 1);
});
