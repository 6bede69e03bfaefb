// The server's stamp texts (admin-spec §3): added and deleted by administrators of all databases;
// the viewer lists them (viewerRepo.ts). A text is unique whatever its casing.
import type { Db } from '../../db/connection';
import type { StampRow } from './viewerRepo';

export function createStampsRepo(db: Db) {
  const byId = db.prepare(`SELECT id, text FROM stamps WHERE id = ?`);
  const byText = db.prepare(`SELECT id, text FROM stamps WHERE text = ? COLLATE NOCASE`);
  const insert = db.prepare(`INSERT INTO stamps(text) VALUES (?)`);
  const remove = db.prepare(`DELETE FROM stamps WHERE id = ?`);
  return {
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
    byId: (id: number): StampRow | undefined => byId.get(id) as StampRow | undefined,
    byText: (text: string): StampRow | undefined => byText.get(text) as StampRow | undefined,
    insert: (text: string): number => Number(insert.run(text).lastInsertRowid),
    remove: (id: number): boolean => remove.run(id).changes > 0,
  };
}
export type StampsRepo = ReturnType<typeof createStampsRepo>;
