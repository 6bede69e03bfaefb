// A template's document files during the import (decision 042): each distinct file is streamed
// out of the package's zip, one at a time, into `DATA_DIR/files/<fileDir>/` under the name it has
// in the package, its SHA-256 checked against the manifest on the way. A damaged or unreadable
// file throws (PackageError): the caller removes the folder and fails the template's group.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocumentLine, Package } from './packageModel';
import { FILES_PREFIX, PackageError, copyChecked, type PackageZip } from './packageZip';

export async function writeTemplateFiles(
  zip: PackageZip,
  pkg: Package,
  docs: DocumentLine[],
  dataDir: string,
  fileDir: string,
): Promise<number> {
  const written = new Set<string>();
  for (const d of docs) {
    if (!d.file || written.has(d.file) || !zip.entries.has(d.file)) continue;
    const sha256 = pkg.manifest.Checksums[d.file];
    if (!sha256) throw new PackageError(`The entry ${d.file} is not listed in the manifest.`);
    const dir = join(dataDir, 'files', fileDir);
    if (written.size === 0) await mkdir(dir, { recursive: true });
    await copyChecked(await zip.stream(d.file), join(dir, d.file.slice(FILES_PREFIX.length)), sha256, d.file);
    written.add(d.file);
  }
  return written.size;
}
