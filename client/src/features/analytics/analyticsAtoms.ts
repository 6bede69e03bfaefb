// The remembered filters of /analytics (localStorage `analyticsFilters`, analyticsFilters.ts).
import { atom } from 'jotai';
import { readLocal, writeLocal } from '../../lib/storage';
import { ANALYTICS_FILTERS_KEY, parseFilters, type AnalyticsFilters } from './analyticsFilters';

const writtenAtom = atom<AnalyticsFilters | null>(null);

export const analyticsFiltersAtom = atom(
  (get): AnalyticsFilters => get(writtenAtom) ?? parseFilters(readLocal(ANALYTICS_FILTERS_KEY)),
);

/** Change some filters and remember them all. */
export const setAnalyticsFiltersAtom = atom(null, (get, set, change: Partial<AnalyticsFilters>) => {
  const next = { ...get(analyticsFiltersAtom), ...change };
  writeLocal(ANALYTICS_FILTERS_KEY, JSON.stringify(next));
  set(writtenAtom, next);
});
