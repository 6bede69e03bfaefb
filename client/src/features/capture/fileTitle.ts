// What a scanned or uploaded file is called where a person sees it (inbox, indexing view): never the
// server's cache name (a GUID) when a better one is known. An uploaded file keeps the name it had on
// the user's computer; a scan is named "Scan <date time>" when it is made. The date and time use
// '-' and '.' only, so the name is also a valid file name on the server (no '/' or ':').

const two = (n: number) => String(n).padStart(2, '0');

/** "2026-11-27 08.45.12": the local date and time, sortable and safe in a file name. */
export function fileStamp(when: Date): string {
  const date = `${when.getFullYear()}-${two(when.getMonth() + 1)}-${two(when.getDate())}`;
  return `${date} ${two(when.getHours())}.${two(when.getMinutes())}.${two(when.getSeconds())}`;
}

/** The extension of a file name with its dot (".tif"), or "". */
export const extensionOf = (name: string): string => /\.[A-Za-z0-9]{1,8}$/.exec(name)?.[0] ?? '';

/**
 * The name a scan is kept under: `${word} 2026-11-27 08.45.12.tif`, `word` being "Scan" in the
 * user's language (capture.scan.fileWord) and the extension that of the helper's file.
 */
export function scanFileName(word: string, when: Date, helperName: string): string {
  return `${word} ${fileStamp(when)}${extensionOf(helperName)}`;
}

/** The title of an uploaded file: the name it was sent with, else its cache name. */
export function uploadTitle(file: { name: string; originalName?: string | null }): string {
  return file.originalName?.trim() || file.name;
}

// The title of each file this tab uploaded, by cache name, for the indexing view (its address holds
// only the cache names). Kept in sessionStorage so a reload keeps it; the newest 200 only.
const TITLES_KEY = 'gs.fileTitles';
const TITLES_KEPT = 200;

function readTitles(): [string, string][] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(TITLES_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (e): e is [string, string] =>
            Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** Remembers what the user calls each uploaded file (`name` is the cache name). */
export function rememberTitles(files: readonly { name: string; originalName?: string | null }[]): void {
  const fresh = files.filter((f) => uploadTitle(f) !== f.name);
  if (fresh.length === 0) return;
  const names = new Set(fresh.map((f) => f.name));
  const kept = readTitles().filter(([cache]) => !names.has(cache));
  const next = [...kept, ...fresh.map((f): [string, string] => [f.name, uploadTitle(f)])].slice(-TITLES_KEPT);
  try {
    window.sessionStorage.setItem(TITLES_KEY, JSON.stringify(next));
  } catch {
    // storage refused: the cache names are shown
  }
}

/** The title of a cache file this tab uploaded, else the cache name itself. */
export function titleOf(cacheName: string): string {
  return readTitles().find(([cache]) => cache === cacheName)?.[1] ?? cacheName;
}
