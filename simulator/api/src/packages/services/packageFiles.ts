// A template's document files during the import (decisions 042, 048): each distinct file is
// streamed out of the package's zip, one at a time, into `DATA_DIR/files/<fileDir>/` under the name
// it has in the package, its SHA-256 checked against the manifest on the way, as the template's
// document lines pass (packageSpill.ts); a file already there (another document of the template
// shares it) is not copied again. A damaged or unreadable file throws (PackageError): the caller
// removes the folder and fails the template's group.
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Package } from './packageModel';
import { FILES_PREFIX, PackageError, copyChecked, type PackageZip } from './packageZip';

/** Copy the entry `file` into the template's folder unless it is there; false when it was. */
export async function writeDocumentFile(
  zip: PackageZip,
  pkg: Package,
  file: string,
  dataDir: string,
  fileDir: string,
): Promise<boolean> {
  if (!zip.entries.has(file)) return false;
  const sha256 = pkg.manifest.Checksums[file];
  if (!sha256) throw new PackageError(`The entry ${file} is not listed in the manifest.`);
  const dir = join(dataDir, 'files', fileDir);
  const dest = join(dir, file.slice(FILES_PREFIX.length));
  // not there yet (stat fails): written below
  if (await stat(dest).catch(() => undefined)) return false;
  await mkdir(dir, { recursive: true });
  await copyChecked(await zip.stream(file), dest, sha256, file);
  return true;
}
