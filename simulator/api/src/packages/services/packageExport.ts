// Writing a database as a .gs package (docs/gs-package.md): its catalogue rows, the users and
// groups its security names, the server's stamps, its documents with their files and index data
// and its workflows' definitions, each a zip entry, with a manifest holding counts and every entry's
// SHA-256. The entries are collected first (the manifest needs them), then streamed as a zip.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { extname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipArchive, type ZipEntryData } from 'archiver';
import {
  ImportAccountType,
  PACKAGE_FORMAT_VERSION,
  type ImportUser,
  type PackageManifest,
} from '@gs/contract/admin/packages';
import type { Db } from '../../db/connection';
import { docTable, mvTable, textTable } from '../../documents/repos/docTables';
import { TABLES, type PackageRow } from './packageTables';
import { exportWorkflows, WORKFLOWS_ENTRY } from './packageWorkflows';
import { archivePaths, principalName, type DocumentLine } from './packageModel';

/** An entry in memory (`data`), or a document file streamed from disk (`path`, with its hash). */
export type PackageEntry = { name: string; data: Buffer } | { name: string; path: string; sha256: string };

const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/** The SHA-256 of a file, read as a stream (a package's files never sit in memory all at once). */
async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

export interface ExportOptions {
  databaseId: number;
  acronym: string;
  exportedBy: string;
  now: number;
  /** document files live in `${dataDir}/files` */
  dataDir: string;
}

const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

function catalogueEntries(
  db: Db,
  databaseId: number,
): { entries: PackageEntry[]; rows: Record<string, PackageRow[]> } {
  const rows: Record<string, PackageRow[]> = {};
  for (const spec of TABLES) {
    const found = db
      .prepare(`SELECT * FROM ${spec.table} WHERE ${spec.where} ORDER BY ${spec.order}`)
      .all(databaseId) as PackageRow[];
    rows[spec.table] = spec.principals
      ? found.map(({ principal_id, ...rest }) => ({
          ...rest,
          principal_name: principalName(db, Number(rest.principal_type), Number(principal_id)),
        }))
      : found;
  }
  return {
    entries: Object.entries(rows).map(([t, r]) => ({ name: `catalog/${t}.json`, data: json(r) })),
    rows,
  };
}

/** The users and groups the database's security names, groups with their members. */
function principalEntries(db: Db, rows: Record<string, PackageRow[]>): PackageEntry[] {
  const paths = archivePaths(rows.archives ?? []);
  const named = (type: number) =>
    new Set(
      ['database_security', 'archive_security', 'search_security'].flatMap((t) =>
        (rows[t] ?? []).filter((r) => r.principal_type === type).map((r) => String(r.principal_name)),
      ),
    );
  const securityOf = (type: number, name: string) => ({
    SecurityLevel: Number(
      (rows.database_security ?? []).find((r) => r.principal_type === type && r.principal_name === name)
        ?.level ?? -1,
    ),
    SecurityList: (rows.archive_security ?? [])
      .filter((r) => r.principal_type === type && r.principal_name === name)
      .map((r) => ({
        TemplateName: paths.get(Number(r.archive_id)) ?? '',
        SecurityLevel: Number(r.permissions),
      })),
  });
  const groupNames = [...named(0)].filter((n) => n !== '');
  const memberOf = db.prepare(
    `SELECT u.name FROM group_members m JOIN users u ON u.id = m.user_id JOIN groups g ON g.id = m.group_id
     WHERE g.name = ? ORDER BY u.name`,
  );
  const groups: ImportUser[] = groupNames.sort().map((name) => ({
    Name: name,
    Password: '',
    Email: '',
    License: 0,
    Type: ImportAccountType.Group,
    ...securityOf(0, name),
    Users: memberOf.pluck().all(name) as string[],
    Exists: false,
  }));
  const userNames = new Set([...named(1), ...groups.flatMap((g) => g.Users)]);
  const userRow = db.prepare(`SELECT name, email, license_type FROM users WHERE name = ?`);
  const users: ImportUser[] = [...userNames]
    .filter((n) => n !== '')
    .sort()
    .flatMap((name) => {
      const u = userRow.get(name) as { name: string; email: string; license_type: number } | undefined;
      if (!u) return [];
      return [
        {
          Name: u.name,
          Password: '',
          Email: u.email,
          License: u.license_type,
          Type: ImportAccountType.User,
          ...securityOf(1, u.name),
          Users: [],
          Exists: false,
        },
      ];
    });
  return [
    { name: 'principals/users.json', data: json(users) },
    { name: 'principals/groups.json', data: json(groups) },
  ];
}

async function documentEntries(
  db: Db,
  options: ExportOptions,
): Promise<{ entries: PackageEntry[]; count: number }> {
  const { databaseId, dataDir } = options;
  const docs = db.prepare(`SELECT * FROM ${docTable(databaseId)} ORDER BY id`).all() as PackageRow[];
  const multi = db
    .prepare(`SELECT doc_id, field_id, value FROM ${mvTable(databaseId)} ORDER BY doc_id, field_id, ordinal`)
    .all() as {
    doc_id: number;
    field_id: number;
    value: string;
  }[];
  const texts = new Map(
    (
      db.prepare(`SELECT doc_id, body FROM ${textTable(databaseId)}`).all() as {
        doc_id: number;
        body: string;
      }[]
    ).map((t) => [t.doc_id, t.body]),
  );
  const mvByDoc = new Map<number, Record<string, string[]>>();
  for (const m of multi) {
    const byField = mvByDoc.get(m.doc_id) ?? {};
    (byField[m.field_id] ??= []).push(m.value);
    mvByDoc.set(m.doc_id, byField);
  }
  const files = new Map<string, string>();
  const entries: PackageEntry[] = [];
  const lines: string[] = [];
  for (const d of docs) {
    const path = String(d.file_path ?? '');
    let file = '';
    if (path !== '') {
      file = files.get(path) ?? '';
      if (!file) {
        file = `documents/files/${files.size + 1}${extname(path)
          .toLowerCase()
          .replace(/[^.a-z0-9]/g, '')}`;
        files.set(path, file);
        const onDisk = join(dataDir, 'files', path);
        entries.push({ name: file, path: onDisk, sha256: await hashFile(onDisk) });
      }
    }
    const values: Record<string, string | number | null> = {};
    for (const [column, value] of Object.entries(d))
      if (column.startsWith('f_') && value !== null) values[column.slice(2)] = value;
    const line: DocumentLine = {
      id: Number(d.id),
      archive_id: Number(d.archive_id),
      file,
      file_type: String(d.file_type),
      file_size: Number(d.file_size),
      page_count: Number(d.page_count),
      version: Number(d.version),
      root_version_id: Number(d.root_version_id),
      created_at: Number(d.created_at),
      modified_at: Number(d.modified_at),
      values,
      multi: mvByDoc.get(Number(d.id)) ?? {},
      ...(texts.has(Number(d.id)) ? { text: texts.get(Number(d.id)) } : {}),
    };
    lines.push(JSON.stringify(line));
  }
  entries.unshift({ name: 'documents/index.ndjson', data: Buffer.from(lines.join('\n')) });
  const annotations = db
    .prepare(`SELECT * FROM annotations WHERE database_id = ? ORDER BY document_id, ordinal`)
    .all(databaseId);
  entries.push({ name: 'documents/annotations.json', data: json(annotations) });
  return { entries, count: docs.length };
}

/** Every entry of the database's package, the manifest first. */
export async function buildPackage(db: Db, options: ExportOptions): Promise<PackageEntry[]> {
  const { databaseId } = options;
  const source = db.prepare(`SELECT name FROM databases WHERE id = ?`).get(databaseId) as
    { name: string } | undefined;
  if (!source) throw new Error(`no database ${databaseId}`);
  const { entries: catalogue, rows } = catalogueEntries(db, databaseId);
  const principals = principalEntries(db, rows);
  const stamps = db.prepare(`SELECT text FROM stamps ORDER BY text`).pluck().all() as string[];
  const docs = await documentEntries(db, options);
  const workflows = exportWorkflows(db, databaseId);
  const entries: PackageEntry[] = [
    ...catalogue,
    ...principals,
    { name: 'stamps.json', data: json(stamps) },
    ...(workflows.length ? [{ name: WORKFLOWS_ENTRY, data: json(workflows) }] : []),
    ...docs.entries,
  ];
  const count = (file: string): number => {
    const entry = entries.find((e) => e.name === file);
    return entry && 'data' in entry ? (JSON.parse(entry.data.toString()) as unknown[]).length : 0;
  };
  const manifest: PackageManifest = {
    FormatVersion: PACKAGE_FORMAT_VERSION,
    Acronym: options.acronym,
    Source: {
      Product: 'GlobalSearch Web simulator',
      DatabaseName: source.name,
      DatabaseID: databaseId,
      ExportedAt: new Date(options.now).toISOString(),
      ExportedBy: options.exportedBy,
    },
    Counts: {
      Archives: rows.archives?.length ?? 0,
      Fields: rows.fields?.length ?? 0,
      TableFields: rows.table_fields?.length ?? 0,
      Lists: rows.lists?.length ?? 0,
      Searches: rows.searches?.length ?? 0,
      Stamps: stamps.length,
      Users: count('principals/users.json'),
      Groups: count('principals/groups.json'),
      Documents: docs.count,
      Workflows: workflows.length,
    },
    Checksums: Object.fromEntries(entries.map((e) => [e.name, 'data' in e ? sha256(e.data) : e.sha256])),
  };
  return [{ name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest, null, 2)) }, ...entries];
}

/** Stream the entries as a zip (already-compressed files stored, the rest deflated). */
export async function writePackage(entries: PackageEntry[], out: Writable): Promise<void> {
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const done = pipeline(zip, out);
  for (const e of entries) {
    const store = /\.(pdf|tiff?|jpe?g|png|zip)$/i.test(e.name);
    const data: ZipEntryData = { name: e.name, store };
    // file() opens each file only when the zip reaches it
    if ('data' in e) zip.append(e.data, data);
    else zip.file(e.path, data);
  }
  await zip.finalize();
  await done;
}
