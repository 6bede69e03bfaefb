// The admin API's lists (AdminList, wire §2.8): the `lists` row with its binding and its items.
import type { Db } from '../../db/connection';
import type { AdminList } from '@gs/contract/admin/catalog';

interface RawList {
  id: number;
  name: string;
  assemblyPath: string;
  assemblyParameters: string;
}

const SELECT = `SELECT id, name, assembly_path AS assemblyPath, assembly_parameters AS assemblyParameters FROM lists`;

export function createAdminListsRepo(db: Db) {
  const all = db.prepare(`${SELECT} WHERE database_id = ? ORDER BY name COLLATE NOCASE, id`);
  const one = db.prepare(`${SELECT} WHERE database_id = ? AND id = ?`);
  const items = db.prepare(`SELECT value FROM list_items WHERE list_id = ? ORDER BY ordinal`);
  const named = db.prepare(
    `SELECT id FROM lists WHERE database_id = ? AND name = ? COLLATE NOCASE AND id <> ?`,
  );
  const insert = db.prepare(
    `INSERT INTO lists(database_id, name, assembly_path, assembly_parameters) VALUES (?, ?, ?, ?)`,
  );
  const update = db.prepare(`UPDATE lists SET name = ?, assembly_path = ?, assembly_parameters = ?
    WHERE id = ? AND database_id = ?`);
  const clearItems = db.prepare(`DELETE FROM list_items WHERE list_id = ?`);
  const addItem = db.prepare(`INSERT INTO list_items(list_id, ordinal, value) VALUES (?, ?, ?)`);
  const remove = db.prepare(`DELETE FROM lists WHERE id = ? AND database_id = ?`);
  const users = db.prepare(`SELECT name FROM fields WHERE list_id = ?
    UNION SELECT f.name FROM field_list_mappings m JOIN fields f ON f.id = m.field_id WHERE m.list_id = ?
    ORDER BY name`);

  const toAdmin = (r: RawList): AdminList => ({
    Id: r.id,
    Name: r.name,
    AssemblyPath: r.assemblyPath,
    AssemblyParameters: r.assemblyParameters,
    Values: (items.all(r.id) as { value: string }[]).map((i) => i.value),
  });
  const writeItems = (listId: number, values: string[]): void => {
    clearItems.run(listId);
    values.forEach((v, i) => addItem.run(listId, i, v));
  };

  return {
    all(dbId: number): AdminList[] {
      return (all.all(dbId) as RawList[]).map(toAdmin);
    },
    byId(dbId: number, listId: number): AdminList | undefined {
      const r = one.get(dbId, listId) as RawList | undefined;
      return r && toAdmin(r);
    },
    nameTaken(dbId: number, name: string, exceptId = 0): boolean {
      return named.get(dbId, name, exceptId) !== undefined;
    },
    /** names of the fields that offer the list (directly or through a dynamic-list mapping) */
    usedBy(listId: number): string[] {
      return (users.all(listId, listId) as { name: string }[]).map((r) => r.name);
    },
    create(dbId: number, l: AdminList): number {
      return db.transaction(() => {
        const id = Number(insert.run(dbId, l.Name, l.AssemblyPath, l.AssemblyParameters).lastInsertRowid);
        writeItems(id, l.Values);
        return id;
      })();
    },
    update(dbId: number, listId: number, l: AdminList): void {
      db.transaction(() => {
        update.run(l.Name, l.AssemblyPath, l.AssemblyParameters, listId, dbId);
        writeItems(listId, l.Values);
      })();
    },
    remove(dbId: number, listId: number): void {
      db.transaction(() => remove.run(listId, dbId))();
    },
  };
}
export type AdminListsRepo = ReturnType<typeof createAdminListsRepo>;
