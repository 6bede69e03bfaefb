// Documents a zip export could not include because their file is missing on the server (our
// design, issue 21): the zip gets `MISSING_FILES_ENTRY` listing them, the job's progress counts
// them, and their history does not claim an export that did not happen.
import { stat } from 'node:fs/promises';

export const MISSING_FILES_ENTRY = 'missing-files.txt';

export interface MissingDocument {
  id: number;
  archiveId: number;
  archiveName: string;
}

/** Whether `file` (a stored file's absolute path, if it has one) is a readable file now. */
export const fileIsThere = (file: string | undefined): Promise<boolean> =>
  file
    ? stat(file).then(
        (s) => s.isFile(),
        () => false,
      )
    : Promise.resolve(false);

/** The text of the zip's list of documents left out (CRLF, as the index.csv). */
export function missingFilesNote(missing: MissingDocument[]): string {
  const lines = [
    `${missing.length} document(s) could not be exported: their files were not found on the server.`,
    '',
    ...missing.map((m) => `Document ${m.id} in archive '${m.archiveName}' (${m.archiveId})`),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
