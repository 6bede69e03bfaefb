// Data-exchange sources of an archive (admin-spec §3): a connection (or one of the server's own
// databases) and which of its columns fills which archive field. A source is replaced whole.
import type { Db } from '../../db/connection';

export interface DxcMappingRow {
  archiveField: number;
  mappedField: string;
}

export interface DxcSourceRow {
  id: number;
  archiveId: number;
  name: string;
  connectionString: string;
  useInternal: boolean;
  internalDatabase: number;
  mapping: DxcMappingRow[];
}

type Raw = Omit<DxcSourceRow, 'mapping' | 'useInternal'> & { useInternal: number };
const COLUMNS = `id, archive_id AS archiveId, name, connection_string AS connectionString,
  use_internal AS useInternal, internal_database AS internalDatabase`;

export function createDxcRepo(db: Db) {
  const ofArchive = db.prepare(`SELECT ${COLUMNS} FROM dxc_sources WHERE archive_id = ? ORDER BY name, id`);
  const byId = db.prepare(`SELECT ${COLUMNS} FROM dxc_sources WHERE id = ?`);
  const byName = db.prepare(`SELECT id FROM dxc_sources WHERE archive_id = ? AND name = ?`);
  const mappings = db.prepare(`SELECT archive_field AS archiveField, mapped_field AS mappedField
    FROM dxc_mappings WHERE source_id = ? ORDER BY ordinal`);
  const insert = db.prepare(`INSERT INTO dxc_sources(archive_id, name, connection_string, use_internal,
      internal_database) VALUES (@archiveId, @name, @connectionString, @useInternal, @internalDatabase)`);
  const update = db.prepare(`UPDATE dxc_sources SET name = @name, connection_string = @connectionString,
      use_internal = @useInternal, internal_database = @internalDatabase WHERE id = @id`);
  const clearMapping = db.prepare(`DELETE FROM dxc_mappings WHERE source_id = ?`);
  const addMapping = db.prepare(`INSERT INTO dxc_mappings(source_id, ordinal, archive_field, mapped_field)
    VALUES (?, ?, ?, ?)`);
  const remove = db.prepare(`DELETE FROM dxc_sources WHERE id = ?`);
  const databaseByName = db.prepare(`SELECT id FROM databases WHERE name = ? COLLATE NOCASE`);
  const tableColumns = db.prepare(`SELECT a.id, a.name AS archive, f.name AS field FROM archives a
    LEFT JOIN archive_fields af ON af.archive_id = a.id LEFT JOIN fields f ON f.id = af.field_id
    WHERE a.database_id = ? ORDER BY a.name COLLATE NOCASE, a.id, af.ordinal`);
  const archiveFields = db.prepare(`SELECT field_id AS id FROM archive_fields WHERE archive_id = ?`);

  const full = (r: Raw): DxcSourceRow => ({
    ...r,
    useInternal: r.useInternal === 1,
    mapping: mappings.all(r.id) as DxcMappingRow[],
  });
  const writeMapping = (id: number, mapping: DxcMappingRow[]): void => {
    clearMapping.run(id);
    mapping.forEach((m, i) => addMapping.run(id, i, m.archiveField, m.mappedField));
  };
  const params = (row: Omit<DxcSourceRow, 'id' | 'mapping'>) => ({ ...row, useInternal: +row.useInternal });

  return {
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
    ofArchive: (archiveId: number): DxcSourceRow[] => (ofArchive.all(archiveId) as Raw[]).map(full),
    byId(id: number): DxcSourceRow | undefined {
      const r = byId.get(id) as Raw | undefined;
      return r && full(r);
    },
    /** the id of the archive's source of that name (any casing) */
    idByName: (archiveId: number, name: string): number | undefined =>
      (byName.get(archiveId, name) as { id: number } | undefined)?.id,
    /** the field ids of the archive */
    archiveFields: (archiveId: number): Set<number> =>
      new Set((archiveFields.all(archiveId) as { id: number }[]).map((r) => r.id)),
    databaseIdByName: (name: string): number | undefined =>
      (databaseByName.get(name) as { id: number } | undefined)?.id,
    /** what a source on database `databaseId` offers: each archive as a table of its fields */
    tables(databaseId: number): { name: string; columns: string[] }[] {
      const out = new Map<number, { name: string; columns: string[] }>();
      for (const r of tableColumns.all(databaseId) as {
        id: number;
        archive: string;
        field: string | null;
      }[]) {
        const table = out.get(r.id) ?? { name: r.archive, columns: [] };
        if (r.field !== null) table.columns.push(r.field);
        out.set(r.id, table);
      }
      return [...out.values()];
    },
    insert(row: Omit<DxcSourceRow, 'id'>): number {
      const id = Number(insert.run(params(row)).lastInsertRowid);
      writeMapping(id, row.mapping);
      return id;
    },
    update(row: DxcSourceRow): void {
      update.run({ ...params(row), id: row.id });
      writeMapping(row.id, row.mapping);
    },
    remove: (id: number): boolean => remove.run(id).changes > 0,
  };
}
export type DxcRepo = ReturnType<typeof createDxcRepo>;
