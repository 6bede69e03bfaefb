// Which sub-archives the archive lists show under the General setting showVersionArchive (end-user
// spec §3 local settings). A revision-controlled archive keeps its old revisions in a child named
// Versions (admin-spec §5, decision 017). The archive list on the wire carries no revision bit
// (its Properties only say "has sub-archives"), so the parent's `?type=info` DBProperties
// (ArchiveFlags, revision control 1) tells: the tree already fetches it for the parent's count.
import type { Archive } from '@gs/contract/archives';
import { VERSIONS_ARCHIVE_NAME } from '@gs/contract/admin/catalog';
import { ArchiveFlags, hasFlag } from '@gs/contract/flags';

const isVersionsName = (name: string): boolean =>
  name.trim().toLowerCase() === VERSIONS_ARCHIVE_NAME.toLowerCase();

/**
 * The children of an archive that the lists show. `parentFlags` is the parent's DBProperties, or
 * undefined while unknown: a child named Versions stays out until the parent's info says it is not
 * revision-controlled (so it never flashes in), and `parentFlags` null (the info failed) shows it.
 */
export function visibleChildren(
  children: readonly Archive[],
  parentFlags: number | null | undefined,
  showVersionArchive: boolean,
): Archive[] {
  if (showVersionArchive || parentFlags === null) return [...children];
  const revisionControlled = parentFlags === undefined || hasFlag(parentFlags, ArchiveFlags.RevisionControl);
  if (!revisionControlled) return [...children];
  return children.filter((a) => !isVersionsName(a.Name));
}
