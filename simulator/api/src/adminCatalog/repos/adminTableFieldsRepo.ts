// Table fields (AdminTableField, wire §2.8): a named group of a database's fields; each member
// carries FieldProp.TableField (512) while it belongs to one, as the end-user API shows it.
import type { Db } from '../../db/connection';
import type { AdminTableField } from '@gs/contract/admin/catalog';
import { FieldProp } from '@gs/contract/flags';

export function createAdminTableFieldsRepo(db: Db) {
  const all = db.prepare(
    `SELECT id, name FROM table_fields WHERE database_id = ? ORDER BY name COLLATE NOCASE, id`,
  );
  const one = db.prepare(`SELECT id, name FROM table_fields WHERE database_id = ? AND id = ?`);
  const members = db.prepare(
    `SELECT field_id AS id FROM table_field_columns WHERE table_field_id = ? ORDER BY ordinal`,
  );
  const named = db.prepare(
    `SELECT id FROM table_fields WHERE database_id = ? AND name = ? COLLATE NOCASE AND id <> ?`,
  );
  const owner =
    db.prepare(`SELECT t.name FROM table_field_columns c JOIN table_fields t ON t.id = c.table_field_id
    WHERE c.field_id = ? AND c.table_field_id <> ?`);
  const insert = db.prepare(`INSERT INTO table_fields(database_id, name) VALUES (?, ?)`);
  const rename = db.prepare(`UPDATE table_fields SET name = ? WHERE id = ? AND database_id = ?`);
  const unmark = db.prepare(`UPDATE fields SET prop = prop & ~${FieldProp.TableField}
    WHERE id IN (SELECT field_id FROM table_field_columns WHERE table_field_id = ?)`);
  const clear = db.prepare(`DELETE FROM table_field_columns WHERE table_field_id = ?`);
  const add = db.prepare(
    `INSERT INTO table_field_columns(table_field_id, field_id, ordinal) VALUES (?, ?, ?)`,
  );
  const mark = db.prepare(`UPDATE fields SET prop = prop | ${FieldProp.TableField} WHERE id = ?`);
  const remove = db.prepare(`DELETE FROM table_fields WHERE id = ? AND database_id = ?`);

  const toAdmin = (r: { id: number; name: string }): AdminTableField => ({
    Id: r.id,
    Name: r.name,
    Fields: (members.all(r.id) as { id: number }[]).map((m) => m.id),
  });
  const setMembers = (id: number, fields: number[]): void => {
    unmark.run(id);
    clear.run(id);
    fields.forEach((f, i) => {
      add.run(id, f, i);
      mark.run(f);
    });
  };

  return {
    all(dbId: number): AdminTableField[] {
      return (all.all(dbId) as { id: number; name: string }[]).map(toAdmin);
    },
    byId(dbId: number, id: number): AdminTableField | undefined {
      const r = one.get(dbId, id) as { id: number; name: string } | undefined;
      return r && toAdmin(r);
    },
    nameTaken(dbId: number, name: string, exceptId = 0): boolean {
      return named.get(dbId, name, exceptId) !== undefined;
    },
    /** the other table field a field already belongs to */
    ownerOf(fieldId: number, exceptId = 0): string | undefined {
      return (owner.get(fieldId, exceptId) as { name: string } | undefined)?.name;
    },
    create(dbId: number, t: AdminTableField): number {
      return db.transaction(() => {
        const id = Number(insert.run(dbId, t.Name).lastInsertRowid);
        setMembers(id, t.Fields);
        return id;
      })();
    },
    update(dbId: number, id: number, t: AdminTableField): void {
      db.transaction(() => {
        rename.run(t.Name, id, dbId);
        setMembers(id, t.Fields);
      })();
    },
    remove(dbId: number, id: number): void {
      db.transaction(() => {
        unmark.run(id);
        remove.run(id, dbId);
      })();
    },
  };
}
export type AdminTableFieldsRepo = ReturnType<typeof createAdminTableFieldsRepo>;
