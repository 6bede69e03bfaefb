// Static lists (drop-down and type-ahead values).
import type { Db } from '../../db/connection';
import type { ListResponse } from '@gs/contract/fields';

export function createListsRepo(db: Db) {
  const byId = db.prepare(`SELECT id, database_id AS databaseId, name FROM lists WHERE id = ?`);
  const items = db.prepare(`SELECT value FROM list_items WHERE list_id = ? ORDER BY ordinal`);
  return {
    /** the list if it belongs to `databaseId` */
    get(databaseId: number, listId: number): ListResponse | undefined {
      const l = byId.get(listId) as { id: number; databaseId: number; name: string } | undefined;
      if (!l || l.databaseId !== databaseId) return undefined;
      const values = (items.all(listId) as { value: string }[]).map((i) => i.value);
      return { ID: l.id, Name: l.name, Items: values };
    },
  };
}
export type ListsRepo = ReturnType<typeof createListsRepo>;
