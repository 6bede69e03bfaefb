// Search rules (admin-spec §5): the Versions archive removed, parameters of deleted fields
// dropped, IsEmpty/IsNotEmpty clear the prompt, Contains by default, the parent-0 warning.
import type {
  AdminArchive,
  AdminCondition,
  AdminSearch,
  AdminSearchParameter,
} from '@gs/contract/admin/catalog';

export const DEFAULT_CONDITION: AdminCondition = 'contains';
const VERSIONS = 'versions';

export const newSearch = (parent = 0): AdminSearch => ({
  Id: 0,
  Name: '',
  Parent: parent,
  Archives: parent ? [parent] : [],
  Parameters: [],
  AdvancedGrouping: '',
  GrantAll: false,
  ImageXChange: false,
  MultiValue: false,
  DisplayViewTabs: false,
  UseTime: false,
  ContentSearch: { Enabled: false, Phonics: false, Stemming: false, Fuzziness: false, FuzzinessValue: 0 },
});

export const newParameter = (field: number, prompt = ''): AdminSearchParameter => ({
  Id: 0,
  Field: field,
  Condition: DEFAULT_CONDITION,
  Prompt: prompt,
});

const promptless = (condition: AdminCondition) => condition === 'isempty' || condition === 'isnotempty';

/** IsEmpty and IsNotEmpty take no value: the prompt is cleared. */
export function setCondition(
  parameter: AdminSearchParameter,
  condition: AdminCondition,
): AdminSearchParameter {
  return { ...parameter, Condition: condition, Prompt: promptless(condition) ? '' : parameter.Prompt };
}

export const hasPrompt = (parameter: AdminSearchParameter): boolean => !promptless(parameter.Condition);

/** The archive named Versions never belongs to a search. */
export function withoutVersions(archiveIds: readonly number[], archives: readonly AdminArchive[]): number[] {
  const versions = new Set(archives.filter((a) => a.Name.trim().toLowerCase() === VERSIONS).map((a) => a.Id));
  return archiveIds.filter((id) => !versions.has(id));
}

/** A search loaded for editing: parameters whose field no longer exists are dropped (and named). */
export function dropDeletedFields(
  search: AdminSearch,
  fieldIds: ReadonlySet<number>,
): { search: AdminSearch; dropped: AdminSearchParameter[] } {
  const dropped = search.Parameters.filter((p) => !fieldIds.has(p.Field));
  if (dropped.length === 0) return { search, dropped };
  return {
    search: { ...search, Parameters: search.Parameters.filter((p) => fieldIds.has(p.Field)) },
    dropped,
  };
}

/** A search at the database level (parent 0) with no archives finds nothing: warn. */
export const needsArchivesWarning = (search: AdminSearch): boolean =>
  search.Parent === 0 && search.Archives.length === 0;

export function searchError(search: AdminSearch): 'nameRequired' | 'fieldRequired' | null {
  if (!search.Name.trim()) return 'nameRequired';
  if (search.Parameters.some((p) => !p.Field)) return 'fieldRequired';
  return null;
}

/** Prepared for saving: Versions removed from the archives. */
export const searchForSave = (search: AdminSearch, archives: readonly AdminArchive[]): AdminSearch => ({
  ...search,
  Archives: withoutVersions(search.Archives, archives),
});

/**
 * The fields a search's prompts may use: those of the archives it searches (or, with none chosen, of
 * the archive it is filed under), in the database's order. A search tied to no archive at all may use
 * any field; a field a prompt already uses stays offered, so opening a search changes nothing.
 */
export function promptFields<F extends { Id: number }>(
  search: AdminSearch,
  archives: readonly AdminArchive[],
  fields: readonly F[],
): F[] {
  const chosen = search.Archives.length > 0 ? search.Archives : search.Parent ? [search.Parent] : [];
  if (chosen.length === 0) return [...fields];
  const allowed = new Set(archives.filter((a) => chosen.includes(a.Id)).flatMap((a) => a.Fields));
  for (const p of search.Parameters) allowed.add(p.Field);
  return fields.filter((f) => allowed.has(f.Id));
}
