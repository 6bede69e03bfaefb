// Archive rules (admin-spec §4, §5): view labels required and unique, content search xor PDF
// conversion, new-archive defaults, and the Versions archive a search may not hold.
import type { AdminArchive, AdminArchiveView } from '@gs/contract/admin/catalog';

export type ViewLabelError = 'required' | 'duplicate';

/** One entry per view value: null when fine. Labels compare trimmed and case-insensitive. */
export function viewLabelErrors(view: AdminArchiveView): (ViewLabelError | null)[] {
  const seen = new Map<string, number>();
  for (const value of view.Values) {
    const key = value.Label.trim().toLowerCase();
    if (key) seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return view.Values.map((value) => {
    const key = value.Label.trim().toLowerCase();
    if (!key) return 'required';
    return (seen.get(key) ?? 0) > 1 ? 'duplicate' : null;
  });
}

export const viewsValid = (view: AdminArchiveView): boolean => viewLabelErrors(view).every((e) => e === null);

/** Turning content search on turns PDF conversion off, and the other way round. */
export function setContentSearch(archive: AdminArchive, on: boolean): AdminArchive {
  return { ...archive, ContentSearch: on, ConvertPdf: on ? false : archive.ConvertPdf };
}

export function setConvertPdf(archive: AdminArchive, on: boolean): AdminArchive {
  return { ...archive, ConvertPdf: on, ContentSearch: on ? false : archive.ContentSearch };
}

export const newArchive = (parent = 0): AdminArchive => ({
  Id: 0,
  Name: '',
  Parent: parent,
  Permissions: 0,
  Properties: 0,
  BasePath: { Default: true, Path: '', UniqueName: '' },
  CreateBrowse: false,
  Fields: [],
  View: { Enabled: false, StatusField: 0, Values: [] },
  ContentSearch: false,
  RevisionControl: 0,
  ConvertPdf: false,
  Notifications: { To: '', From: '', Subject: '', Message: '' },
});

export type ArchiveError = 'nameRequired' | 'fieldsRequired' | 'viewLabels';

/** Why an archive cannot be saved, or null: a name, at least one field, valid view labels. */
export function archiveError(archive: AdminArchive): ArchiveError | null {
  if (!archive.Name.trim()) return 'nameRequired';
  if (archive.Fields.length === 0) return 'fieldsRequired';
  if (!viewsValid(archive.View)) return 'viewLabels';
  return null;
}

/** Archives in tree order with their depth, for pickers and the card list. */
export function archiveTree(archives: readonly AdminArchive[]): { archive: AdminArchive; depth: number }[] {
  const byParent = new Map<number, AdminArchive[]>();
  for (const a of archives) byParent.set(a.Parent, [...(byParent.get(a.Parent) ?? []), a]);
  const ids = new Set(archives.map((a) => a.Id));
  const out: { archive: AdminArchive; depth: number }[] = [];
  const walk = (parent: number, depth: number) => {
    for (const a of byParent.get(parent) ?? []) {
      out.push({ archive: a, depth });
      walk(a.Id, depth + 1);
    }
  };
  walk(0, 0);
  // orphans (a parent this admin cannot see) at the root
  for (const a of archives)
    if (a.Parent !== 0 && !ids.has(a.Parent)) {
      out.push({ archive: a, depth: 0 });
      walk(a.Id, 1);
    }
  return out;
}

/** The archives an archive may be filed under (relocate): not itself nor one of its sub-archives. */
export function parentChoices(archive: AdminArchive, archives: readonly AdminArchive[]) {
  const tree = archiveTree(archives);
  if (archive.Id === 0) return tree;
  const banned = new Set<number>([archive.Id]);
  for (const { archive: a } of tree) if (banned.has(a.Parent)) banned.add(a.Id);
  return tree.filter(({ archive: a }) => !banned.has(a.Id));
}
