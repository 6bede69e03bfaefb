// The version key of the cached counts of one archive's criteria searches (decision 037): the
// database's epoch and the sum of the versions of the parts a count depends on (docStampParts.ts).
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/connection';
import { searchNames } from './docSearchSchema';
import { MEMBERSHIP_PART, partsTableName } from './docStampParts';

/** Reads the version key of (archive, parts): the sum of their versions, prefixed by the epoch. */
export function createPartVersions(db: Db) {
  const statements = new Map<number, Statement>();
  return (dbId: number, archiveId: number, fieldIds: number[]): string => {
    let s = statements.get(dbId);
    if (!s) {
      const { stamp } = searchNames(dbId);
      s = db
        .prepare(
          `SELECT (SELECT epoch FROM ${stamp}) || ':' || coalesce(sum(version), 0) FROM ${partsTableName(dbId)}
            WHERE archive_id = ? AND part IN (SELECT value FROM json_each(?))`,
        )
        .pluck();
      statements.set(dbId, s);
    }
    const parts = [MEMBERSHIP_PART, ...new Set(fieldIds)];
    return `${archiveId}@${s.get(archiveId, JSON.stringify(parts)) as string}`;
  };
}
