// History filters (spec §9): one toggle per category; with none on, every entry shows.
import { HISTORY_CATEGORIES, type HistoryCategory, type HistoryEntry } from '@gs/contract/history';

export type HistoryFilter = ReadonlySet<HistoryCategory>;

export const toggleCategory = (filter: HistoryFilter, category: HistoryCategory): HistoryFilter => {
  const next = new Set(filter);
  if (next.has(category)) next.delete(category);
  else next.add(category);
  return next;
};

/** Entries of the toggled categories; every entry when no toggle is on. */
export const filterHistory = (entries: readonly HistoryEntry[], filter: HistoryFilter): HistoryEntry[] =>
  filter.size === 0 ? [...entries] : entries.filter((e) => filter.has(e.Category));

const KNOWN = new Set<string>(HISTORY_CATEGORIES);

/** A server that sends no Category (a real one): guess it from the message's words. */
export function categoryOf(entry: { Message: string; Category?: string }): HistoryCategory | null {
  if (entry.Category && KNOWN.has(entry.Category)) return entry.Category as HistoryCategory;
  // eslint-disable-next-line no-restricted-syntax -- read for its words, not shown
  const text = entry.Message.toLowerCase();
  return HISTORY_CATEGORIES.find((c) => text.includes(c)) ?? (text.includes('emailed') ? 'email' : null);
}
