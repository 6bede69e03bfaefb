// Sign-in with a user name and password: `GET licenses` with Basic, then the session is stored.
import { atom } from 'jotai';
import type { License } from '@gs/contract/licenses';
import { obtainLicense } from '../../api/licenses';
import { httpAtom } from '../../state/environment';
import { signInAtom } from '../../state/session';

export interface Credentials {
  username: string;
  password: string;
}

export const signInWithPasswordAtom = atom(
  null,
  async (get, set, credentials: Credentials): Promise<License> => {
    const username = credentials.username.trim();
    const license = await obtainLicense(get(httpAtom), username, credentials.password);
    set(signInAtom, license, username);
    return license;
  },
);
