// After a database or an archive was dropped (its rows committed away), remove the files its
// documents used unless another document, of any database, still uses them (the large scenario
// shares files between documents).
import type { RouteDeps } from '../../deps';
import { storedFile } from '../../documents/services/documentOps';
import { removeLeftover } from '../../files/services/leftovers';

export async function unlinkUnusedFiles(deps: RouteDeps, filePaths: string[]): Promise<void> {
  for (const path of filePaths) {
    const file = storedFile(deps.files.dataDir, path);
    if (!file || deps.repos.documentOps.fileInUse(path)) continue;
    await removeLeftover(file, 'A file of a dropped database or archive,');
  }
}
