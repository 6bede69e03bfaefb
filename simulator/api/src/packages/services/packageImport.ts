// Importing a read package into a new or an existing database (issue 16, decision 031), one
// transaction per object group: stamps, users, groups, the catalogue (with the new database
// itself), each checked template (a top-level archive with its sub-archives, searches, security
// and documents), each workflow (packageWorkflows.ts), then the database's own security and
// actions. A group that fails is rolled back
// and logged and the next one runs; nothing already present is overwritten: same-named lists,
// fields and table fields are reused as they are, existing users and groups kept, a template
// whose top-level archive name is taken fails.
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImportUser } from '@gs/contract/admin/packages';
import type { Db } from '../../db/connection';
import { addFieldColumns, createDocumentTables } from '../../documents/repos/docTables';
import { PRINCIPAL_USER } from '../../security/repos/principalsRepo';
import { DEFAULT_SERVER } from '../../adminCatalog/services/adminDatabases';
import { addGroups, addUsers, group } from './importPrincipals';
import { writeDocuments } from './packageDocuments';
import { branchOf, templateKey, type Package } from './packageModel';
import { IdMap, rowWriter, type RowWriter } from './packageRows';
import { TABLES, tableSpec, type PackageRow, type Space, type TableSpec } from './packageTables';
import { spillAnnotations, spillTemplate } from './packageSpill';
import { importWorkflows } from './packageWorkflows';
import { openPackageZip, type PackageZip } from './packageZip';

export interface ImportChoices {
  /** 0: create databaseName */
  databaseId: number;
  databaseName: string;
  server: string;
  authType: string;
  authUser: string;
  /** the package archive ids checked (a branch is imported when its top-level archive is) */
  archives: Set<number>;
  usersToAdd: ImportUser[];
  groupsToAdd: ImportUser[];
  /** the password of the users to create that bring none */
  password: string;
}

export interface ImportLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface ImportOutcome {
  databaseId: number;
  /** groups that failed */
  failures: number;
}

/** Map the package's lists, fields and table fields that the target has by name (kept as they are). */
function reuseByName(db: Db, databaseId: number, pkg: Package, ids: IdMap, log: ImportLogger): void {
  const byName: [string, Space][] = [
    ['lists', 'list'],
    ['fields', 'field'],
    ['table_fields', 'tableField'],
  ];
  for (const [table, space] of byName) {
    const find = db.prepare(
      `SELECT id, ${table === 'fields' ? 'type' : '0'} AS type FROM ${table} WHERE database_id = ? AND name = ? COLLATE NOCASE`,
    );
    for (const row of pkg.tables[table] ?? []) {
      const found = find.get(databaseId, row.name) as { id: number; type: number } | undefined;
      if (!found) continue;
      if (table === 'fields' && found.type !== Number(row.type))
        throw new Error(`the field ${String(row.name)} exists with another type`);
      ids.set(space, Number(row.id), found.id, true);
      log.info(
        `${table === 'fields' ? 'Field' : table === 'lists' ? 'List' : 'Table field'} ${String(row.name)} already exists; kept as it is.`,
      );
    }
  }
}

function writeCatalogue(
  db: Db,
  databaseId: number,
  pkg: Package,
  ids: IdMap,
  rows: RowWriter,
  log: ImportLogger,
): void {
  reuseByName(db, databaseId, pkg, ids, log);
  for (const spec of TABLES.filter((t) => t.group === 'catalogue')) {
    const all = pkg.tables[spec.table] ?? [];
    const fresh = (r: PackageRow) => !spec.key || ids.get(spec.key, Number(r.id)) === undefined;
    const picked = all.filter(fresh);
    rows.write(spec, picked);
    if (spec.table === 'fields')
      addFieldColumns(
        db,
        databaseId,
        picked.flatMap((f) => {
          const to = ids.get('field', Number(f.id));
          return to === undefined ? [] : [{ id: to, type: Number(f.type) as 1 | 2 | 3 | 4 }];
        }),
      );
  }
  for (const spec of TABLES.filter((t) => t.group === 'catalogue'))
    rows.fillLate(spec, pkg.tables[spec.table] ?? []);
  log.info(
    `Catalogue: ${pkg.tables.lists?.length ?? 0} lists, ${pkg.tables.fields?.length ?? 0} fields, ${pkg.tables.table_fields?.length ?? 0} table fields.`,
  );
}

/** The branch (top-level archive id) each search belongs to: its archive's, else its first archive's. */
function searchBranches(pkg: Package, branch: Map<number, number>): Map<number, number> {
  const out = new Map<number, number>();
  for (const s of pkg.tables.searches ?? []) {
    const own = branch.get(Number(s.archive_id));
    const first = (pkg.tables.search_archives ?? [])
      .filter((r) => r.search_id === s.id)
      .sort((a, b) => Number(a.ordinal) - Number(b.ordinal))
      .map((r) => branch.get(Number(r.archive_id)))
      .find((b) => b !== undefined);
    const b = own ?? first;
    if (b !== undefined) out.set(Number(s.id), b);
  }
  return out;
}

/** Where imports spill their document lines and annotations, one folder per import; emptied at
 * start by the import jobs' registry (an import does not outlive its process). */
export const spillRoot = (dataDir: string): string => join(dataDir, 'packages', 'spill');

/** Import `pkg` as `choices` say; its document files are streamed from its zip, opened once. */
export async function importPackage(
  db: Db,
  dataDir: string,
  pkg: Package,
  choices: ImportChoices,
  log: ImportLogger,
  now: number,
): Promise<ImportOutcome> {
  const zip = await openPackageZip(pkg.path);
  // the template's document lines and the annotations wait here for their transactions (048)
  const spillDir = join(spillRoot(dataDir), randomUUID());
  await mkdir(spillDir, { recursive: true });
  try {
    return await importFrom(zip, spillDir, db, dataDir, pkg, choices, log, now);
  } finally {
    zip.close();
    await rm(spillDir, { recursive: true, force: true });
  }
}

async function importFrom(
  zip: PackageZip,
  spillDir: string,
  db: Db,
  dataDir: string,
  pkg: Package,
  choices: ImportChoices,
  log: ImportLogger,
  now: number,
): Promise<ImportOutcome> {
  let failures = 0;
  const fail = (ok: boolean) => {
    if (!ok) failures++;
  };
  const acronym = pkg.manifest.Acronym;
  fail(
    group(db, log, 'Stamps', () => {
      const add = db.prepare(`INSERT OR IGNORE INTO stamps(text) VALUES (?)`);
      const added = pkg.stamps.reduce((n, s) => n + add.run(s).changes, 0);
      log.info(`Stamps: ${added} added, ${pkg.stamps.length - added} already present.`);
    }),
  );
  fail(await addUsers(db, choices, log));
  fail(addGroups(db, choices, log));

  const principalId = (type: number, name: string): number | undefined =>
    db
      .prepare(`SELECT id FROM ${type === PRINCIPAL_USER ? 'users' : 'groups'} WHERE name = ?`)
      .pluck()
      .get(name) as number | undefined;
  const ids = new IdMap();
  let databaseId = choices.databaseId;
  const catalogueOk = group(db, log, 'Catalogue', () => {
    if (!databaseId) {
      databaseId = Number(
        db
          .prepare(`INSERT INTO databases(name, server, auth_type, auth_user) VALUES (?, ?, ?, ?)`)
          .run(
            choices.databaseName,
            choices.server || DEFAULT_SERVER,
            choices.authType === 'sql' ? 'sql' : 'windows',
            choices.authUser,
          ).lastInsertRowid,
      );
      createDocumentTables(db, databaseId);
      log.info(`Database ${choices.databaseName} created.`);
    }
    writeCatalogue(db, databaseId, pkg, ids, rowWriter(db, databaseId, ids, principalId), log);
  });
  if (!catalogueOk) {
    log.error('The templates were not applied: the catalogue could not be written.');
    return { databaseId: choices.databaseId, failures: failures + 1 };
  }

  const archives = pkg.tables.archives ?? [];
  const branch = branchOf(archives);
  const bySearch = searchBranches(pkg, branch);
  const dxcArchive = new Map((pkg.tables.dxc_sources ?? []).map((r) => [Number(r.id), Number(r.archive_id)]));
  const tops = archives.filter((a) => branch.get(Number(a.id)) === Number(a.id));
  let annotationsSpill: string | undefined;
  for (const top of tops) {
    const topId = Number(top.id);
    const name = String(top.name);
    if (!choices.archives.has(topId)) continue;
    const key = templateKey(acronym, name);
    if (
      db
        .prepare(`SELECT 1 FROM package_templates WHERE database_id = ? AND template = ?`)
        .get(databaseId, key)
    ) {
      log.error(`Template ${name}: already applied to this database; skipped.`);
      failures++;
      continue;
    }
    const inBranch = (a: number) => branch.get(a) === topId && choices.archives.has(a);
    const fileDir = join('import', randomUUID());
    const spill = { documents: join(spillDir, `${randomUUID()}.ndjson`), annotations: '' };
    try {
      // the package's annotations once, with the first template that is applied
      if (annotationsSpill === undefined) {
        const path = join(spillDir, 'annotations.ndjson');
        await spillAnnotations(zip, pkg, path);
        annotationsSpill = path;
      }
      spill.annotations = annotationsSpill;
      await spillTemplate(zip, pkg, inBranch, spill.documents, dataDir, fileDir);
    } catch (e) {
      log.error(
        `Template ${name}: its files could not be written: ${e instanceof Error ? e.message : String(e)}`,
      );
      await rm(join(dataDir, 'files', fileDir), { recursive: true, force: true });
      await rm(spill.documents, { force: true });
      failures++;
      continue;
    }
    const restore = ids.checkpoint();
    const ok = group(db, log, `Template ${name}`, () => {
      const taken = db
        .prepare(`SELECT 1 FROM archives WHERE database_id = ? AND parent_id = 0 AND name = ? COLLATE NOCASE`)
        .get(databaseId, name);
      if (taken) throw new Error(`an archive named ${name} already exists in the database`);
      const rows = rowWriter(db, databaseId, ids, principalId);
      const ownedBy = (space: Space | undefined, id: number): boolean =>
        space === 'archive'
          ? inBranch(id)
          : space === 'search'
            ? bySearch.get(id) === topId
            : space === 'dxc'
              ? inBranch(dxcArchive.get(id) ?? 0)
              : true;
      const owned = (spec: TableSpec, r: PackageRow): boolean => {
        if (spec.table === 'archives') return inBranch(Number(r.id));
        if (spec.table === 'searches') return bySearch.get(Number(r.id)) === topId;
        if (spec.table === 'dxc_sources') return inBranch(Number(r.archive_id));
        return !spec.owner || ownedBy(spec.refs[spec.owner], Number(r[spec.owner]));
      };
      for (const spec of TABLES.filter((t) => t.group === 'branch'))
        rows.write(spec, pkg.tables[spec.table] ?? [], (r) => owned(spec, r));
      const archiveSpec = tableSpec('archives');
      if (archiveSpec)
        rows.fillLate(
          archiveSpec,
          (pkg.tables.archives ?? []).filter((r) => inBranch(Number(r.id))),
        );
      const count = writeDocuments(db, databaseId, spill, ids, fileDir);
      db.prepare(
        `INSERT INTO package_templates(database_id, template, log_id, applied_at) VALUES (?, ?, '', ?)`,
      ).run(databaseId, key, now);
      for (const s of new Set(rows.skippedPrincipals))
        log.warn(`Template ${name}: security of ${s} left out (not on this server).`);
      log.info(`Template ${name} applied: ${count} documents.`);
    });
    await rm(spill.documents, { force: true });
    if (!ok) {
      restore();
      failures++;
      await rm(join(dataDir, 'files', fileDir), { recursive: true, force: true });
    }
  }

  // the workflows name the templates' archives and the catalogue's fields; the user actions
  // (next group) name the workflows
  if (pkg.workflows.length) failures += importWorkflows(db, databaseId, pkg.workflows, ids, log);

  fail(
    group(db, log, 'Database security', () => {
      const rows = rowWriter(db, databaseId, ids, principalId);
      // a search's links to archives of templates imported after its own
      const links = tableSpec('search_archives');
      if (links)
        rows.write(
          links,
          pkg.tables.search_archives ?? [],
          (r) => !ids.isKept('search', Number(r.search_id)),
          true,
        );
      for (const spec of TABLES.filter((t) => t.group === 'database')) {
        const n = rows.write(spec, pkg.tables[spec.table] ?? []);
        log.info(`${spec.table}: ${n} written.`);
      }
      for (const u of rows.unbound) log.warn(`${u}: that workflow was not imported; left unbound.`);
    }),
  );
  return { databaseId, failures };
}
