// What the search modal shows for a search, and the archive a search runs in: small rules the
// search screen needs before (and without) loading the modal itself.
import { hasFlag, SearchSettings } from '@gs/contract/flags';
import type { Search } from '@gs/contract/searches';
import { visiblePrompts } from './promptCriteria';

export type SearchModalMode = 'selection' | 'prompts' | 'none';

export const modeOf = (search: Search | null): SearchModalMode =>
  search === null
    ? 'selection'
    : visiblePrompts(search).length || hasFlag(search.Settings, SearchSettings.ContentSearch)
      ? 'prompts'
      : 'none';

/** The archive a search runs in: the one asked for when the search covers it, else its own. */
export function runArchive(search: Search, wanted: number): number {
  const archives = search.Archives ?? [];
  return archives.some((a) => a.ID === wanted) || archives.length === 0 ? wanted : search.Parent;
}
