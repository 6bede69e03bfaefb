// The package tests' steps: a database exported as a .gs package (zipped, written to a file and
// read back as an import would read it), a logger that keeps the import log's lines, and the wizard's choices
// that take everything a package holds into a new database.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Db } from '../db/connection';
import { buildPackage, writePackage, type PackageEntry } from '../packages/services/packageExport';
import type { ImportChoices } from '../packages/services/packageImport';
import type { Package } from '../packages/services/packageModel';
import { readPackage, type ReadOptions } from '../packages/services/packageReader';

/** The entries zipped, as the export streams them. */
export async function zipped(entries: PackageEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await writePackage(
    entries,
    new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(chunks);
}

/** `bytes` written as a package file under `dir` and read as the import reads it. */
export async function readBytes(bytes: Buffer, dir: string, options?: ReadOptions): Promise<Package> {
  const packages = join(dir, 'packages');
  mkdirSync(packages, { recursive: true });
  const path = join(packages, `${randomUUID()}.gs`);
  writeFileSync(path, bytes);
  return readPackage(path, options);
}

export async function exported(
  db: Db,
  dataDir: string,
  databaseId: number,
  acronym: string,
): Promise<{ bytes: Buffer; pkg: Package }> {
  const entries = await buildPackage(db, { databaseId, acronym, exportedBy: 'test', now: 0, dataDir });
  const bytes = await zipped(entries);
  return { bytes, pkg: await readBytes(bytes, dataDir) };
}

export const importLogger = () => {
  const lines: string[] = [];
  return {
    lines,
    info: (m: string) => lines.push(`INFO ${m}`),
    warn: (m: string) => lines.push(`WARN ${m}`),
    error: (m: string) => lines.push(`ERROR ${m}`),
  };
};

/** Every archive, user and group of the package into a new database `name` (databaseId 0). */
export const everything = (pkg: Package, name: string, databaseId = 0): ImportChoices => ({
  databaseId,
  databaseName: name,
  server: '',
  authType: 'windows',
  authUser: '',
  archives: new Set((pkg.tables.archives ?? []).map((a) => Number(a.id))),
  usersToAdd: pkg.users,
  groupsToAdd: pkg.groups,
  password: 'Copy@1234',
});
