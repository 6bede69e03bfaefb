// A package with every id replaced by what it names (a field by its name, an archive by its path,
// a document by its archive, values and file bytes), so that two databases' packages compare equal
// exactly when the databases hold the same objects and documents: the round-trip tests' measure.
// workflowsOf describes a database's workflows the same way, read from its tables.
import type { WorkflowNode } from '@gs/contract/workflow';
import type { Db } from '../db/connection';
import { annotationRows, documentLines } from '../packages/services/packageEntries';
import { archivePaths, type DocumentLine, type Package } from '../packages/services/packageModel';
import { openPackageZip } from '../packages/services/packageZip';
import { TABLES, type PackageRow, type Space } from '../packages/services/packageTables';

export interface ComparablePackage {
  tables: Record<string, string[]>;
  users: string;
  groups: string;
  documents: string[];
  annotations: string[];
  workflows: string[];
  counts: Package['manifest']['Counts'];
}

const sortedJson = (rows: unknown[]): string[] => rows.map((r) => JSON.stringify(r)).sort();

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** The package's documents and annotations, read from its file as the import reads them. */
async function documentsOf(pkg: Package): Promise<{ documents: DocumentLine[]; annotations: PackageRow[] }> {
  const zip = await openPackageZip(pkg.path);
  try {
    return { documents: await collect(documentLines(zip)), annotations: await collect(annotationRows(zip)) };
  } finally {
    zip.close();
  }
}

export async function comparable(pkg: Package): Promise<ComparablePackage> {
  const t = pkg.tables;
  const held = await documentsOf(pkg);
  const paths = archivePaths(t.archives ?? []);
  const nameBy = (rows: PackageRow[] | undefined, label: (r: PackageRow) => string) =>
    new Map((rows ?? []).map((r) => [Number(r.id), label(r)]));
  const labels: Record<Space, Map<number, string>> = {
    list: nameBy(t.lists, (r) => String(r.name)),
    field: nameBy(t.fields, (r) => String(r.name)),
    tableField: nameBy(t.table_fields, (r) => String(r.name)),
    archive: paths,
    search: nameBy(t.searches, (r) => `${paths.get(Number(r.archive_id)) ?? ''}:${String(r.name)}`),
    dxc: nameBy(t.dxc_sources, (r) => `${paths.get(Number(r.archive_id)) ?? ''}:${String(r.name)}`),
    workflow: new Map(pkg.workflows.map((w) => [w.Id, w.Name])),
  };
  const label = (space: Space, id: unknown): string | number =>
    Number(id) ? (labels[space].get(Number(id)) ?? `?${String(id)}`) : 0;
  const tables: Record<string, string[]> = {};
  for (const spec of TABLES) {
    tables[spec.table] = sortedJson(
      (t[spec.table] ?? []).map((row) => {
        const out: Record<string, unknown> = {};
        for (const [column, value] of Object.entries(row)) {
          if (column === 'id' || column === spec.database || spec.drop?.includes(column)) continue;
          const space = spec.refs[column];
          out[column] = space ? label(space, value) : value;
        }
        if (spec.key) out.self = label(spec.key, row.id);
        return out;
      }),
    );
  }
  const fieldName = (id: string) => labels.field.get(Number(id)) ?? `?${id}`;
  const byField = <T>(values: Record<string, T>) =>
    Object.fromEntries(
      Object.entries(values)
        .map(([f, v]) => [fieldName(f), v] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  // the manifest's SHA-256 of the file (the import checks the file against it)
  const fileHash = (entry: string) => (entry ? (pkg.manifest.Checksums[entry] ?? '') : '');
  const docLabel = new Map<number, string>();
  const documents = held.documents.map((d) => {
    const { id: _id, archive_id, file, root_version_id, values, multi, ...rest } = d;
    const out = {
      ...rest,
      archive: label('archive', archive_id),
      file: fileHash(file),
      root: root_version_id ? 'versioned' : '',
      values: byField(values),
      multi: byField(multi),
    };
    docLabel.set(d.id, JSON.stringify(out));
    return out;
  });
  const annotations = held.annotations.map(({ id: _id, database_id: _db, document_id, ...rest }) => ({
    ...rest,
    document: docLabel.get(Number(document_id)) ?? '',
  }));
  return {
    tables,
    users: JSON.stringify(pkg.users),
    groups: JSON.stringify(pkg.groups),
    documents: sortedJson(documents),
    annotations: sortedJson(annotations),
    workflows: sortedJson(
      pkg.workflows.map((w) =>
        described(
          w.Name,
          w.BoundArchives.map((a) => label('archive', a)),
          w.Nodes,
          (space, id) => label(space, id),
        ),
      ),
    ),
    counts: pkg.manifest.Counts,
  };
}

/** A workflow with its archives and fields named by `label` (node ids are the workflow's own). */
function described(
  name: string,
  bound: (string | number)[],
  nodes: WorkflowNode[],
  label: (space: 'field' | 'archive', id: number) => string | number,
) {
  return {
    name,
    bound: bound.map(String).sort(),
    nodes: [...nodes]
      .sort((a, b) => a.Id - b.Id)
      .map((n) => ({
        ...n,
        ...(n.FieldId !== undefined ? { FieldId: label('field', n.FieldId) } : {}),
        ...(n.ArchiveId !== undefined ? { ArchiveId: label('archive', n.ArchiveId) } : {}),
      })),
  };
}

/**
 * The database's workflows read from its tables, ids replaced by names (archives by path), and
 * its user actions' workflow by name: what a copy of the database must hold the same.
 */
export function workflowsOf(db: Db, databaseId: number) {
  const archives = db
    .prepare(`SELECT id, parent_id, name FROM archives WHERE database_id = ?`)
    .all(databaseId) as PackageRow[];
  const paths = archivePaths(archives);
  const fields = new Map(
    (db.prepare(`SELECT id, name FROM fields WHERE database_id = ?`).all(databaseId) as PackageRow[]).map(
      (f) => [Number(f.id), String(f.name)],
    ),
  );
  const label = (space: 'field' | 'archive', id: number): string =>
    (space === 'field' ? fields.get(id) : paths.get(id)) ?? `?${id}`;
  const rows = db
    .prepare(`SELECT id, name FROM workflows WHERE database_id = ? ORDER BY name`)
    .all(databaseId) as { id: number; name: string }[];
  const workflows = rows.map((w) => {
    const bound = db
      .prepare(`SELECT archive_id FROM workflow_archives WHERE workflow_id = ?`)
      .pluck()
      .all(w.id) as number[];
    const nodes = (
      db
        .prepare(`SELECT node_id, type, name, config FROM workflow_nodes WHERE workflow_id = ?`)
        .all(w.id) as { node_id: number; type: WorkflowNode['Type']; name: string; config: string }[]
    ).map((n) => ({
      Id: n.node_id,
      Type: n.type,
      Name: n.name,
      ...(JSON.parse(n.config) as Omit<WorkflowNode, 'Id' | 'Type' | 'Name'>),
    }));
    return described(
      w.name,
      bound.map((a) => label('archive', a)),
      nodes,
      label,
    );
  });
  const names = new Map(rows.map((w) => [w.id, w.name]));
  const actions = (
    db
      .prepare(`SELECT action_key, workflow_id FROM user_actions WHERE database_id = ? ORDER BY action_key`)
      .all(databaseId) as { action_key: string; workflow_id: number }[]
  ).map((a) => ({
    action: a.action_key,
    workflow: a.workflow_id ? (names.get(a.workflow_id) ?? `?${a.workflow_id}`) : '',
  }));
  const runs = db
    .prepare(`SELECT count(*) FROM workflow_runs WHERE database_id = ?`)
    .pluck()
    .get(databaseId) as number;
  return { workflows, actions, runs };
}
