// Local settings remembered in localStorage under the spec's names (spec §3 "Local settings"):
// auto-run of the default search, the search screen's sidebar, multi-archive result options and
// the archive history page size. Each store reads them once and writes them through.
import { atom, type WritableAtom } from 'jotai';
import { ARCHIVE_HISTORY_PAGE_SIZE } from '@gs/contract/history';
import { readLocal, writeLocal } from '../lib/storage';

function readSetting<T>(key: string, fallback: T, isValid: (v: unknown) => v is T): T {
  const raw = readLocal(key);
  if (raw === null) return fallback;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isValid(parsed) ? parsed : fallback;
  } catch {
    return fallback;
  }
}

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

export function localSettingAtom<T>(
  key: string,
  fallback: T,
  isValid: (v: unknown) => v is T,
): WritableAtom<T, [T], void> {
  const written = atom<{ value: T } | null>(null);
  return atom(
    (get) => {
      const value = get(written);
      return value ? value.value : readSetting(key, fallback, isValid);
    },
    (_get, set, value: T) => {
      writeLocal(key, JSON.stringify(value));
      set(written, { value });
    },
  );
}

/** "Automatically run default search when clicking archive" (on by default). */
export const autoRunDefaultSearchAtom = localSettingAtom('autoRunDefaultSearchOnClick', true, isBoolean);
/** The archive list beside the results (open by default). */
export const sidebarOpenAtom = localSettingAtom('sidebarOpen', true, isBoolean);
/** Multi-archive results: archives with the most results first. */
export const multiArchiveCountSortAtom = localSettingAtom('multiArchiveCountSort', false, isBoolean);
/** Multi-archive results: leave out archives without results. */
export const multiArchiveHideEmptyAtom = localSettingAtom('multiArchiveHideEmpty', false, isBoolean);

export interface SearchSetting {
  archHistoryPageSize: number;
  openNewTab: boolean;
}
const isSearchSetting = (v: unknown): v is SearchSetting =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as SearchSetting).archHistoryPageSize === 'number' &&
  (v as SearchSetting).archHistoryPageSize > 0;

export const searchSettingAtom = localSettingAtom<SearchSetting>(
  'searchSetting',
  { archHistoryPageSize: ARCHIVE_HISTORY_PAGE_SIZE, openNewTab: false },
  isSearchSetting,
);
