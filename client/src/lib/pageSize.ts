// Page sizes (spec §5, §9): the search's records per page must be 1 to 10000 or it becomes 10;
// the grid's page size of 0 or less resets to 25, and above 10000 needs the user's confirmation.

export const SEARCH_RECORDS_PER_PAGE_DEFAULT = 10;
export const GRID_PAGE_SIZE_DEFAULT = 25;
export const MAX_PAGE_SIZE = 10000;
export const GRID_PAGE_SIZES = [25, 50, 100, 1000, 10000] as const;

/** The records per page of a search prompt: an integer 1..10000, anything else 10. */
export function searchRecordsPerPage(input: string | number | null | undefined): number {
  const text = String(input ?? '').trim();
  if (!/^\d+$/.test(text)) return SEARCH_RECORDS_PER_PAGE_DEFAULT;
  const n = Number(text);
  return n >= 1 && n <= MAX_PAGE_SIZE ? n : SEARCH_RECORDS_PER_PAGE_DEFAULT;
}

export type GridPageSize = { size: number; needsConfirm: false } | { size: number; needsConfirm: true };

/** The grid page size from the address or a choice: invalid or <= 0 -> 25; > 10000 asks first. */
export function gridPageSize(input: string | number | null | undefined): GridPageSize {
  const text = String(input ?? '').trim();
  const n = /^-?\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(n) || n <= 0) return { size: GRID_PAGE_SIZE_DEFAULT, needsConfirm: false };
  if (n > MAX_PAGE_SIZE) return { size: n, needsConfirm: true };
  return { size: n, needsConfirm: false };
}

/** About five page numbers around the current one (1-based), within 1..pageCount. */
export function pageWindow(current: number, pageCount: number, width = 5): number[] {
  if (pageCount <= 0) return [];
  const half = Math.floor(width / 2);
  let start = Math.max(1, current - half);
  const end = Math.min(pageCount, start + width - 1);
  start = Math.max(1, end - width + 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}
