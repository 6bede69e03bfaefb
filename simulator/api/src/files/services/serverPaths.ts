// Answers never reveal where the server keeps its data (issue 21): an error text that names a file
// (Node's "ENOENT: no such file or directory, open '/srv/gs/data/files/1/2/a.pdf'") names it
// relative to the data folder instead, and an inbox file's DocDetails.FullPath is the inbox's
// configured path and the file name (our design: the real server answers its own absolute path).
import { resolve, sep } from 'node:path';

/** `text` with every absolute path inside `dataDir` made relative to it. */
export function hideDataDir(text: string, dataDir: string): string {
  const root = resolve(dataDir);
  return text.split(`${root}${sep}`).join('').split(root).join('.');
}

/** The message of an error for an answer or a history entry, without the data folder's path. */
export const publicMessage = (error: unknown, dataDir: string): string =>
  hideDataDir(error instanceof Error ? error.message : String(error), dataDir);

/** `<inbox path>\<file>` with the real server's separators: what FullPath shows of an inbox file. */
export const inboxFullPath = (inboxPath: string, fileName: string): string =>
  [...inboxPath.split(/[\\/]+/).filter(Boolean), fileName].join('\\');
