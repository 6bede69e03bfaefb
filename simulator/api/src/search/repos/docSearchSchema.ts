// The search structures beside each document table (decision 004), made and kept current by
// createDocumentTables/addFieldColumn and at app start:
// - an index (archive_id, f_x) per field column (NOCASE for character fields): criteria and sorts;
// - doc_vals_{db}: the distinct values of every character field (and multi-value field), with a
//   trigram FTS5 index over them (docValsFts_{db}): Contains and `*` patterns resolve to a few
//   values first, then use the field's B-tree index;
// - docTextFts_{db}: FTS5 over doc_text_{db} (content search);
// - doc_stamp_{db}: a version bumped by triggers on every write, which keys cached counts of
//   content searches; doc_parts_{db}: versions per archive and field (docStampParts.ts, decision
//   037), which key the cached counts of criteria searches; doc_counts_{db}: counts kept on write
//   (keptCounts.ts, decision 067).
// Triggers keep all of it in step (and, made here too, pdf_workflow_states: docStateTriggers.ts).
// Names are built from integer ids only.
import type { Db } from '../../db/connection';
import { FieldType, type FieldTypeCode } from '@gs/contract/flags';
import { createStateTriggers, stateTriggerSql } from '../../documents/repos/docStateTriggers';
import { triggersAsWritten } from '../../db/schemaText';
import { createPartsTableSql, partTriggerSql, partsTableName } from './docStampParts';
import { createKeptTableSql, keptTableName, keptTriggerSql } from './keptCounts';

const int = (n: number): number => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not an id: ${n}`);
  return n;
};

export const searchNames = (dbId: number) => {
  const n = int(dbId);
  return {
    doc: `doc_${n}`,
    mv: `doc_mv_${n}`,
    text: `doc_text_${n}`,
    vals: `doc_vals_${n}`,
    // mixed case on purpose: the virtual tables and their shadow tables are never matched by
    // the fixtures' clearDatabase (which only touches lower-case names); createDocumentTables
    // drops them when it makes a fresh document table
    valsFts: `docValsFts_${n}`,
    textFts: `docTextFts_${n}`,
    stamp: `doc_stamp_${n}`,
  };
};

export const fieldIndexName = (dbId: number, fieldId: number): string => `doc_${int(dbId)}_f_${int(fieldId)}`;
export const archiveIndexName = (dbId: number): string => `doc_${int(dbId)}_by_archive`;

/** Field columns of the document table with their field types (catalogue first, then storage). */
export function fieldColumns(
  db: Db,
  dbId: number,
  known: Record<number, FieldTypeCode> = {},
): { id: number; type: FieldTypeCode }[] {
  const { doc } = searchNames(dbId);
  const cols = db.prepare(`SELECT name, type FROM pragma_table_info(?)`).all(doc) as {
    name: string;
    type: string;
  }[];
  const types = new Map(
    (
      db.prepare(`SELECT id, type FROM fields WHERE database_id = ?`).all(dbId) as {
        id: number;
        type: FieldTypeCode;
      }[]
    ).map((f) => [f.id, f.type]),
  );
  const byStorage = (t: string): FieldTypeCode =>
    t === 'INTEGER' ? FieldType.Integer : t === 'REAL' ? FieldType.Decimal : FieldType.Character;
  return cols.flatMap((c) => {
    const m = /^f_(\d+)$/.exec(c.name);
    if (!m) return [];
    const id = Number(m[1]);
    return [{ id, type: known[id] ?? types.get(id) ?? byStorage(c.type) }];
  });
}

const tableExists = (db: Db, name: string): boolean =>
  db.prepare(`SELECT 1 FROM sqlite_master WHERE name = ?`).get(name) !== undefined;

/** Remove the search structures of a database (before its document table is made afresh). */
export function dropSearchSchema(db: Db, dbId: number): void {
  const n = searchNames(dbId);
  db.exec(`DROP TABLE IF EXISTS ${n.valsFts}; DROP TABLE IF EXISTS ${n.textFts};
    DROP TABLE IF EXISTS ${n.vals}; DROP TABLE IF EXISTS ${n.stamp};
    DROP TABLE IF EXISTS ${partsTableName(dbId)}; DROP TABLE IF EXISTS ${keptTableName(dbId)};`);
}

/** Columns a stamp table made by an earlier version of this file lacks. */
function upgradeStamp(db: Db, dbId: number): void {
  const { stamp } = searchNames(dbId);
  const cols = (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(stamp) as { name: string }[]).map(
    (c) => c.name,
  );
  if (cols.length === 0) return;
  if (!cols.includes('vals_indexed'))
    db.exec(`ALTER TABLE ${stamp} ADD COLUMN vals_indexed INTEGER NOT NULL DEFAULT 0`);
  if (!cols.includes('epoch')) {
    db.exec(`ALTER TABLE ${stamp} ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0`);
    db.exec(`UPDATE ${stamp} SET epoch = abs(random() % 281474976710656)`);
  }
}

function createAuxTables(db: Db, dbId: number): { newVals: boolean; newText: boolean } {
  const n = searchNames(dbId);
  upgradeStamp(db, dbId);
  const newVals = !tableExists(db, n.valsFts);
  const newText = !tableExists(db, n.textFts);
  db.exec(`
    CREATE TABLE IF NOT EXISTS ${n.stamp} (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      version INTEGER NOT NULL,
      -- the highest doc_vals id already in the trigram index
      vals_indexed INTEGER NOT NULL DEFAULT 0,
      -- random, fixed when the tables are made: what a cache of dictionary lookups is keyed on
      epoch INTEGER NOT NULL DEFAULT 0
    ) STRICT;
    -- a random start, so a table made again never repeats the versions of the one it replaced
    INSERT OR IGNORE INTO ${n.stamp}(id, version, epoch)
      VALUES (1, abs(random() % 281474976710656), abs(random() % 281474976710656));
    CREATE TABLE IF NOT EXISTS ${n.vals} (
      id INTEGER PRIMARY KEY,
      field_id INTEGER NOT NULL,
      value TEXT NOT NULL,
      UNIQUE (field_id, value)
    ) STRICT;
    CREATE VIRTUAL TABLE IF NOT EXISTS ${n.valsFts} USING fts5(
      value, content='${n.vals}', content_rowid='id', tokenize='trigram', detail='none');
    CREATE VIRTUAL TABLE IF NOT EXISTS ${n.textFts} USING fts5(body, tokenize='unicode61 remove_diacritics 2');
    ${createPartsTableSql(dbId)}
    ${createKeptTableSql(dbId)}
    CREATE INDEX IF NOT EXISTS ${n.mv}_by_value_nocase ON ${n.mv}(field_id, value COLLATE NOCASE);
  `);
  return { newVals, newText };
}

function createFieldIndexes(db: Db, dbId: number, fields: { id: number; type: FieldTypeCode }[]): void {
  const { doc } = searchNames(dbId);
  for (const f of fields) {
    const collate = f.type === FieldType.Character ? ' COLLATE NOCASE' : '';
    db.exec(
      `CREATE INDEX IF NOT EXISTS ${fieldIndexName(dbId, f.id)} ON ${doc}(archive_id, f_${int(f.id)}${collate})`,
    );
  }
}

const TRIGGERS = [
  'doc_ai',
  'doc_au',
  'doc_am',
  'doc_ad',
  'mv_ai',
  'mv_au',
  'mv_ad',
  'text_ai',
  'text_au',
  'text_ad',
];

/**
 * The triggers' CREATE statements: they name every character column, so a new field remakes them.
 * Only documents of archives with content search get their text into the FTS index.
 */
function triggerSql(dbId: number, fields: { id: number; type: FieldTypeCode }[]): string[] {
  const n = searchNames(dbId);
  const bump = `UPDATE ${n.stamp} SET version = version + 1;`;
  const chars = fields.filter((f) => f.type === FieldType.Character).map((f) => `f_${int(f.id)}`);
  const values = chars
    .map(
      (c) =>
        `INSERT OR IGNORE INTO ${n.vals}(field_id, value) SELECT ${c.slice(2)}, new.${c} WHERE new.${c} <> '';`,
    )
    .join('\n');
  // an update adds only the values it changes: the others are in the dictionary already (it only
  // grows), and six probes of its unique index a row were a fifth of a bulk update's time
  const changedValues = chars
    .map(
      (c) =>
        `INSERT OR IGNORE INTO ${n.vals}(field_id, value) SELECT ${c.slice(2)}, new.${c} WHERE new.${c} <> '' AND new.${c} IS NOT old.${c};`,
    )
    .join('\n');
  const indexed = (archive: string) => `(SELECT content_search FROM archives WHERE id = ${archive}) = 1`;
  const textInsert = `INSERT INTO ${n.textFts}(rowid, body) SELECT new.doc_id, new.body
    WHERE ${indexed(`(SELECT archive_id FROM ${n.doc} WHERE id = new.doc_id)`)};`;
  const moved = `DELETE FROM ${n.textFts} WHERE rowid = new.id;
    INSERT INTO ${n.textFts}(rowid, body) SELECT t.doc_id, t.body FROM ${n.text} t
    WHERE t.doc_id = new.id AND ${indexed('new.archive_id')};`;
  const parts = partTriggerSql(
    dbId,
    fields.map((f) => f.id),
  );
  const keep = keptTriggerSql(
    dbId,
    fields.filter((f) => f.type === FieldType.Character).map((f) => f.id),
  );
  const mvValue = `INSERT OR IGNORE INTO ${n.vals}(field_id, value) SELECT new.field_id, new.value WHERE new.value <> '';`;
  return [
    `CREATE TRIGGER ${n.doc}_doc_ai AFTER INSERT ON ${n.doc} BEGIN ${values} ${parts.insert} ${keep.insert} ${bump} END`,
    `CREATE TRIGGER ${n.doc}_doc_au AFTER UPDATE ON ${n.doc} BEGIN ${changedValues} ${parts.update} ${keep.update} ${bump} END`,
    `CREATE TRIGGER ${n.doc}_doc_am AFTER UPDATE OF archive_id ON ${n.doc}
      WHEN old.archive_id <> new.archive_id BEGIN ${moved} END`,
    `CREATE TRIGGER ${n.doc}_doc_ad AFTER DELETE ON ${n.doc} BEGIN
      DELETE FROM ${n.textFts} WHERE rowid = old.id; ${parts.delete} ${keep.delete} ${bump} END`,
    `CREATE TRIGGER ${n.doc}_mv_ai AFTER INSERT ON ${n.mv} BEGIN ${mvValue} ${parts.mvNew} ${bump} END`,
    `CREATE TRIGGER ${n.doc}_mv_au AFTER UPDATE ON ${n.mv} BEGIN ${mvValue} ${parts.mvOld} ${parts.mvNew} ${bump} END`,
    `CREATE TRIGGER ${n.doc}_mv_ad AFTER DELETE ON ${n.mv} BEGIN ${parts.mvOld} ${bump} END`,
    `CREATE TRIGGER ${n.doc}_text_ai AFTER INSERT ON ${n.text} BEGIN ${textInsert} ${bump} END`,
    `CREATE TRIGGER ${n.doc}_text_au AFTER UPDATE ON ${n.text} BEGIN
      DELETE FROM ${n.textFts} WHERE rowid = old.doc_id; ${textInsert} ${bump} END`,
    `CREATE TRIGGER ${n.doc}_text_ad AFTER DELETE ON ${n.text} BEGIN
      DELETE FROM ${n.textFts} WHERE rowid = old.doc_id; ${bump} END`,
  ];
}

/** (Re)create the triggers from their statements (triggerSql). */
function createTriggers(db: Db, dbId: number, statements: string[]): void {
  const { doc } = searchNames(dbId);
  db.exec(`${TRIGGERS.map((t) => `DROP TRIGGER IF EXISTS ${doc}_${t};`).join('\n')}
    ${statements.join(';\n    ')};`);
}

/**
 * Before a field's column is dropped: remove what names it (its index, the triggers, which name
 * every character column) and its values in the dictionary and the trigram index. The caller
 * drops the column, then ensureSearchSchema makes the triggers again.
 */
export function dropFieldSearch(db: Db, dbId: number, fieldId: number): void {
  const n = searchNames(dbId);
  db.exec(`${TRIGGERS.map((t) => `DROP TRIGGER IF EXISTS ${n.doc}_${t};`).join('\n')}
    DROP INDEX IF EXISTS ${fieldIndexName(dbId, fieldId)};`);
  db.prepare(
    `INSERT INTO ${n.valsFts}(${n.valsFts}, rowid, value) SELECT 'delete', v.id, v.value FROM ${n.vals} v
      WHERE v.field_id = ? AND v.id <= (SELECT vals_indexed FROM ${n.stamp})`,
  ).run(int(fieldId));
  db.prepare(`DELETE FROM ${n.vals} WHERE field_id = ?`).run(int(fieldId));
  db.prepare(`DELETE FROM ${keptTableName(dbId)} WHERE field_id = ?`).run(int(fieldId));
}

/**
 * Put the dictionary values added since the last call into the trigram index. Triggers only add
 * to doc_vals (a trigram insert per row would cost ~50 us on a million unique values); one bulk
 * catch-up is ~20 times cheaper, and searches look at the small unindexed tail directly.
 */
export function catchUpValueIndex(db: Db, dbId: number): void {
  const n = searchNames(dbId);
  db.transaction(() => {
    const { done } = db.prepare(`SELECT vals_indexed AS done FROM ${n.stamp}`).get() as { done: number };
    db.prepare(`INSERT INTO ${n.valsFts}(rowid, value) SELECT id, value FROM ${n.vals} WHERE id > ?`).run(
      done,
    );
    db.exec(`UPDATE ${n.stamp} SET vals_indexed = (SELECT coalesce(max(id), 0) FROM ${n.vals})`);
  })();
}

/** Re-read the text of every document of a content-search archive (after the flag changes). */
export function rebuildContentIndex(db: Db, dbId: number): void {
  const n = searchNames(dbId);
  db.exec(`DELETE FROM ${n.textFts};
    INSERT INTO ${n.textFts}(rowid, body) SELECT t.doc_id, t.body FROM ${n.text} t
      JOIN ${n.doc} d ON d.id = t.doc_id JOIN archives a ON a.id = d.archive_id WHERE a.content_search = 1;`);
}

/** Fill the value dictionary and the text index from rows written before they existed. */
function backfill(
  db: Db,
  dbId: number,
  fields: { id: number; type: FieldTypeCode }[],
  made: ReturnType<typeof createAuxTables>,
): void {
  const n = searchNames(dbId);
  if (made.newVals) {
    for (const f of fields.filter((x) => x.type === FieldType.Character))
      db.exec(`INSERT OR IGNORE INTO ${n.vals}(field_id, value)
        SELECT DISTINCT ${int(f.id)}, f_${int(f.id)} FROM ${n.doc} WHERE f_${int(f.id)} <> ''`);
    db.exec(`INSERT OR IGNORE INTO ${n.vals}(field_id, value)
      SELECT DISTINCT field_id, value FROM ${n.mv} WHERE value <> ''`);
    db.exec(`UPDATE ${n.stamp} SET vals_indexed = 0`);
  }
  if (made.newText) rebuildContentIndex(db, dbId);
}

/**
 * Make the search structures of one database current: idempotent and cheap when nothing is
 * missing; `known` gives the type of a field whose catalogue row may not be readable yet.
 */
export function ensureSearchSchema(db: Db, dbId: number, known: Record<number, FieldTypeCode> = {}): void {
  const made = createAuxTables(db, dbId);
  const fields = fieldColumns(db, dbId, known);
  backfill(db, dbId, fields, made);
  // triggers stored with the very text they would be made with are left alone: remaking them
  // changes the schema, which every statement of the connection then parses again (decision 085)
  const triggers = triggerSql(dbId, fields);
  const stateTriggers = stateTriggerSql(dbId);
  const current = triggersAsWritten(db, [...triggers, ...stateTriggers]);
  if (!current) createTriggers(db, dbId, triggers);
  // a count kept before may have missed writes made under other triggers (an older version of
  // this file ran on the folder): the kept counts start again, the next searches keep them anew
  db.exec(`DELETE FROM ${keptTableName(dbId)}`);
  if (!current) createStateTriggers(db, dbId, stateTriggers);
  createFieldIndexes(db, dbId, fields);
}

/** Bring every database's document tables up to date (run when the app starts). */
export function ensureAllSearchSchemas(db: Db): void {
  const ids = (db.prepare(`SELECT id FROM databases`).all() as { id: number }[]).map((r) => r.id);
  for (const id of ids) {
    if (!tableExists(db, searchNames(id).doc)) continue;
    db.transaction(() => ensureSearchSchema(db, id))();
    catchUpValueIndex(db, id);
  }
}
