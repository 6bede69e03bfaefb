// Set whenever files are added to, or removed from, an inbox: the inbox list (counts), an open
// inbox grid and the archives' counts load again wherever the change was made (drop on the list,
// toolbar, grid), through the query layer's invalidation map (decision 064).
import { atom } from 'jotai';
import { invalidateAfterAtom } from '../../api/queryClient';

export const inboxChangedAtom = atom(null, (_get, set) => set(invalidateAfterAtom, 'inbox'));
