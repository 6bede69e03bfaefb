// The bursting rules of the indexing view (spec §5, §8): a page selection is needed, only TIFF or
// PDF can be burst, not while several uploaded files are indexed together, and deleting the burst
// pages may not take every page. Folder option 1 of the archive takes the delete option away.
import { FolderOptions, hasFlag } from '@gs/contract/flags';

export type BurstError =
  | 'ERROR_NO_THUMBNAIL_SELECTED'
  | 'ERROR_BURSTING_ON_EDOC'
  | 'ERROR_BURSTING_WITH_MULTIPLE_DOCS'
  | 'ERROR_BURSTING_REMOVE_ALL_PAGES';

const BURSTABLE = /\.(tiff?|pdf)$/i;

export const isBurstable = (fileName: string): boolean => BURSTABLE.test(fileName);

export interface BurstRequest {
  /** the files being indexed together */
  fileNames: readonly string[];
  /** the selected pages (1-based) of the shown file */
  selected: readonly number[];
}

/** Whether the burst may start (the modal opens); null when it may. */
export function burstStartError({ fileNames, selected }: BurstRequest): BurstError | null {
  if (fileNames.length > 1) return 'ERROR_BURSTING_WITH_MULTIPLE_DOCS';
  const [name = ''] = fileNames;
  if (!isBurstable(name)) return 'ERROR_BURSTING_ON_EDOC';
  if (selected.length === 0) return 'ERROR_NO_THUMBNAIL_SELECTED';
  return null;
}

/** The check on confirming: deleting the burst pages may not leave the document empty. */
export function burstConfirmError(selected: readonly number[], pageCount: number, deletePages: boolean) {
  const distinct = new Set(selected.filter((p) => p >= 1 && p <= pageCount));
  return deletePages && distinct.size >= pageCount ? ('ERROR_BURSTING_REMOVE_ALL_PAGES' as const) : null;
}

/** Folder option 1 disables the delete-burst-pages option. */
export const canDeleteBurstPages = (folderOptions: number): boolean =>
  !hasFlag(folderOptions, FolderOptions.DisableDeleteBurstPages);
