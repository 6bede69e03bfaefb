// Admin flags fetched after sign-in; they decide which admin buttons the header shows.
import { atom } from 'jotai';
import { getAdminFlags, NO_ADMIN_FLAGS, type AdminFlags } from '../api/admin';
import { httpAtom } from './environment';
import { loadableAtom } from './loadable';
import { sessionKeyAtom } from './session';

const adminFlagsAtom = atom(async (get): Promise<AdminFlags> => {
  const key = get(sessionKeyAtom);
  const http = get(httpAtom);
  if (!key) return NO_ADMIN_FLAGS;
  return getAdminFlags(http);
});

export const adminFlagsLoadableAtom = loadableAtom(adminFlagsAtom);

/** No admin rights until the flags have arrived. */
export const currentAdminFlagsAtom = atom((get) => {
  const state = get(adminFlagsLoadableAtom);
  return state.state === 'hasData' ? state.data : NO_ADMIN_FLAGS;
});
