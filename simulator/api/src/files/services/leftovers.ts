// Removing a file a failed or finished step leaves behind (a partial write, the file a new one
// replaced). Already gone is fine; any other failure is logged once with what the file was, and
// the step's own answer stands (decision 060).
import { unlink } from 'node:fs/promises';
import { log } from '../../log';

export async function removeLeftover(file: string, what: string): Promise<void> {
  await unlink(file).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      log.warn(`${what} ${file} was not removed`, error);
  });
}
