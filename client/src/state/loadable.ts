// Loading / data / error view of an async atom (jotai's own `loadable` is deprecated).
import { atom, type Atom } from 'jotai';
import { unwrap } from 'jotai/utils';

export type Loadable<T> =
  { state: 'loading' } | { state: 'hasData'; data: T } | { state: 'hasError'; error: unknown };

const LOADING = { state: 'loading' } as const;

export function loadableAtom<T>(source: Atom<Promise<T>>): Atom<Loadable<T>> {
  const settled = atom(async (get): Promise<Loadable<T>> => {
    try {
      return { state: 'hasData', data: await get(source) };
    } catch (error) {
      return { state: 'hasError', error };
    }
  });
  return unwrap(settled, () => LOADING);
}
