// A package with every id replaced by what it names (a field by its name, an archive by its path,
// a document by its archive, values and file bytes), so that two databases' packages compare equal
// exactly when the databases hold the same objects and documents: the round-trip tests' measure.
import { createHash } from 'node:crypto';
import { archivePaths, type Package } from '../services/package/packageModel';
import { TABLES, type PackageRow, type Space } from '../services/package/packageTables';

export interface ComparablePackage {
  tables: Record<string, string[]>;
  users: string;
  groups: string;
  documents: string[];
  annotations: string[];
  counts: Package['manifest']['Counts'];
}

const sortedJson = (rows: unknown[]): string[] => rows.map((r) => JSON.stringify(r)).sort();

export function comparable(pkg: Package): ComparablePackage {
  const t = pkg.tables;
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
  const fileHash = (entry: string) => {
    const bytes = pkg.files.get(entry);
    return bytes ? createHash('sha256').update(bytes).digest('hex') : '';
  };
  const docLabel = new Map<number, string>();
  const documents = pkg.documents.map((d) => {
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
  const annotations = pkg.annotations.map(({ id: _id, database_id: _db, document_id, ...rest }) => ({
    ...rest,
    document: docLabel.get(Number(document_id)) ?? '',
  }));
  return {
    tables,
    users: JSON.stringify(pkg.users),
    groups: JSON.stringify(pkg.groups),
    documents: sortedJson(documents),
    annotations: sortedJson(annotations),
    counts: pkg.manifest.Counts,
  };
}
