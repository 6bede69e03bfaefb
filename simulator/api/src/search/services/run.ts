// Search execution for one archive of a search: who may run it, its SecureId, the criteria turned
// into a document filter (prompts, static values, content terms, view tab), and the answer.
import type { FieldDefinition } from '@gs/contract/fields';
import { Operator, SearchSettings, hasFlag } from '@gs/contract/flags';
import { CONTENT_CRITERIA_KEY, CONTENT_CRITERIA_KEY_ALT } from '@gs/contract/searches';
import type { SearchCountResult, SearchPrompt } from '@gs/contract/searches';
import type { RouteDeps } from '../../deps';
import type { ArchiveRow } from '../../catalog/repos/archivesRepo';
import type { DocFilter } from '../repos/docQueryModel';
import type { SearchRow } from '../repos/searchesRepo';
import { secureId } from '../../security/repos/secureIds';
import { forbidden, notFound } from '../../domain/errors';
import { messages, type UserAccess } from '../../security/services/access';
import { conditionFor, fieldRef, promptConditions, searchError } from './conditions';
import { contentQuery } from './content';
import { parseSort, type SearchInput } from './params';

export interface SearchTarget {
  databaseId: number;
  search: SearchRow;
  archive: ArchiveRow;
  prompts: SearchPrompt[];
  fields: FieldDefinition[];
  permissions: number;
}

const CONTENT_KEYS = new Set([CONTENT_CRITERIA_KEY, CONTENT_CRITERIA_KEY_ALT]);

/** The search (one the caller may run, else 404), its SecureId (`given`, required) and one of its archives. */
export function searchTarget(
  deps: RouteDeps,
  access: UserAccess,
  db: number,
  searchId: number,
  archiveId: number,
  given: string | undefined,
): SearchTarget {
  const search = deps.repos.searches.byId(searchId);
  if (!search || search.databaseId !== db || access.searchProps(db)(searchId) === undefined)
    throw notFound(messages.search(db, searchId));
  if (given === undefined || given.trim() === '')
    throw searchError('The SecureId of the search is required.');
  if (given.trim() !== secureId(deps.secret, 'search', db, searchId))
    throw forbidden('The SecureId is not valid for this search.');
  if (!deps.repos.searches.archives(searchId).some((a) => a.ID === archiveId))
    throw notFound(`Archive ${archiveId} is not searched by search ${searchId}.`);
  const archive = access.archive(db, archiveId);
  return {
    databaseId: db,
    search,
    archive,
    prompts: deps.repos.searches.prompts(searchId),
    fields: deps.repos.archives.fields(archiveId),
    permissions: access.archivePermissions(archive),
  };
}

/** The view tab's condition: the archive's status field equals the tab's value. */
function tabFilter(deps: RouteDeps, t: SearchTarget, tabId: number, now: number): DocFilter['conditions'] {
  if (tabId === 0) return [];
  const tab = t.archive.viewEnabled
    ? deps.repos.archives.views(t.archive.id).find((v) => v.tabId === tabId)
    : undefined;
  if (!tab) throw searchError(`View tab ${tabId} does not exist in archive '${t.archive.name}'.`);
  const def = t.fields.find((f) => f.ID === t.archive.viewStatusField);
  const field = fieldRef(t.archive.viewStatusField, def?.Type ?? 1, def?.Prop ?? 0);
  return [conditionFor(tab.label, field, Operator.Equals, [tab.value], now)];
}

/** The documents of the target's archive that the criteria and the view tab (0: none) select. */
export function documentFilter(
  deps: RouteDeps,
  t: SearchTarget,
  { criteria, tabId }: Pick<SearchInput, 'criteria' | 'tabId'>,
): { filter: DocFilter; terms: boolean } {
  const now = deps.clock.now();
  const contentKeys = [...criteria.keys()].filter((k) => CONTENT_KEYS.has(k.toLowerCase()));
  const canContent = hasFlag(t.search.settings, SearchSettings.ContentSearch);
  const { conditions, unknownKeys } = promptConditions(t.prompts, criteria, now);
  const unknown = unknownKeys.filter((k) => !(canContent && contentKeys.includes(k)));
  if (unknown.length)
    throw searchError(`SearchCriteria key '${unknown[0]}' is not a prompt of search '${t.search.name}'.`);
  const content = canContent
    ? contentQuery(contentKeys.flatMap((k) => criteria.get(k) ?? []).join(' '))
    : undefined;
  const filter: DocFilter = {
    databaseId: t.databaseId,
    archiveId: t.archive.id,
    conditions: [...conditions, ...tabFilter(deps, t, tabId, now)],
    content,
  };
  return { filter, terms: content !== undefined };
}

/**
 * The answer of the documents route: a Result page, serialised where the search reader read its
 * rows (the JSON `res.json` would send, as UTF-8 bytes), or `{ArchiveId, Count}` with Count=true.
 */
export async function runSearch(
  deps: RouteDeps,
  t: SearchTarget,
  input: SearchInput,
): Promise<Uint8Array | SearchCountResult> {
  const { countOnly, paging } = input;
  const sort = parseSort(input.sort, t.fields, t.archive.name);
  const { filter, terms } = documentFilter(deps, t, input);
  if (countOnly) return { ArchiveId: t.archive.id, Count: await deps.searchReads.count(filter) };
  const query = {
    ...filter,
    sort,
    offset: (paging.page - 1) * paging.recordsPerPage,
    limit: paging.recordsPerPage,
    columns: t.fields.map((f) => fieldRef(f.ID, f.Type, f.Prop)),
  };
  return deps.searchReads.result(query, {
    secret: deps.secret,
    databaseId: t.databaseId,
    archive: { folderOptions: t.archive.folderOptions, versionsArchiveId: t.archive.versionsArchiveId },
    fields: t.fields,
    permissions: t.permissions,
    terms,
  });
}
