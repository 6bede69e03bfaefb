// Versions per archive and per part of a document table (decision 037): what keys the cached
// counts of criteria searches, so that a write only invalidates the counts it can change.
// doc_parts_{db}(archive_id, part, version): part 0 is the archive's membership (a document
// added, deleted or moved in or out), part f is field f's values (its column, or its multi-value
// rows) among the archive's documents. Triggers (docSearchSchema.ts) bump them in the writing
// transaction, as they bump doc_stamp_{db}.version for every write; versions only grow, so the
// sum of the versions a count depends on changes whenever any of them does. Content (text)
// searches are still keyed on the database-wide version.

/** The membership part: every count of an archive depends on it. */
export const MEMBERSHIP_PART = 0;

const int = (n: number): number => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not an id: ${n}`);
  return n;
};

export const partsTableName = (dbId: number): string => `doc_parts_${int(dbId)}`;
const docTableName = (dbId: number): string => `doc_${int(dbId)}`;

export const createPartsTableSql = (dbId: number): string => `
  CREATE TABLE IF NOT EXISTS ${partsTableName(dbId)} (
    archive_id INTEGER NOT NULL,
    -- 0: which documents the archive holds; a field id: that field's values in the archive
    part INTEGER NOT NULL,
    version INTEGER NOT NULL,
    PRIMARY KEY (archive_id, part)
  ) STRICT, WITHOUT ROWID;`;

/** A trigger statement bumping (archive, part) when `when` holds (SQL over new./old.). */
export const bumpPartSql = (dbId: number, archive: string, part: string, when = '1'): string =>
  `INSERT INTO ${partsTableName(dbId)}(archive_id, part, version) SELECT ${archive}, ${part}, 1
    WHERE ${archive} IS NOT NULL AND (${when}) ON CONFLICT DO UPDATE SET version = version + 1;`;

/** One statement bumping the part of every field column an update changed. */
function changedFieldsSql(dbId: number, fieldIds: number[]): string {
  if (fieldIds.length === 0) return '';
  const rows = fieldIds.map((id) => `(${int(id)}, new.f_${int(id)} IS NOT old.f_${int(id)})`).join(', ');
  return `INSERT INTO ${partsTableName(dbId)}(archive_id, part, version)
    SELECT new.archive_id, c.column1, 1 FROM (VALUES ${rows}) c WHERE c.column2
    ON CONFLICT DO UPDATE SET version = version + 1;`;
}

/** The bodies of the document table's triggers that keep the parts current. */
export function partTriggerSql(dbId: number, fieldIds: number[]) {
  const doc = docTableName(dbId);
  const member = (archive: string, when?: string) => bumpPartSql(dbId, archive, `${MEMBERSHIP_PART}`, when);
  const ofDoc = (docId: string) => `(SELECT archive_id FROM ${doc} WHERE id = ${docId})`;
  return {
    insert: member('new.archive_id'),
    delete: member('old.archive_id'),
    update: [
      member('old.archive_id', 'new.archive_id IS NOT old.archive_id'),
      member('new.archive_id', 'new.archive_id IS NOT old.archive_id'),
      changedFieldsSql(dbId, fieldIds),
    ].join('\n'),
    mvNew: bumpPartSql(dbId, ofDoc('new.doc_id'), 'new.field_id'),
    mvOld: bumpPartSql(dbId, ofDoc('old.doc_id'), 'old.field_id'),
  };
}
