// User actions (GlobalAction "user action" buttons) a database offers, per archive (archive 0:
// every archive of the database), and the record of each start on a document.
import type { Db } from '../../db/connection';

export interface UserActionRow {
  id: number;
  databaseId: number;
  archiveId: number;
  key: string;
  name: string;
  processId: number;
  usersAndGroups: string;
  /** the workflow the action starts (0: none, the start is only recorded) */
  workflowId: number;
}

export interface UserActionRun {
  actionId: number;
  databaseId: number;
  archiveId: number;
  documentId: number;
  userName: string;
  startedAt: number;
}

const COLUMNS = `id, database_id AS databaseId, archive_id AS archiveId, action_key AS key, name,
  process_id AS processId, users_and_groups AS usersAndGroups, workflow_id AS workflowId`;

export function createUserActionsRepo(db: Db) {
  const forArchive = db.prepare(`SELECT ${COLUMNS} FROM user_actions
    WHERE database_id = ? AND archive_id IN (0, ?) ORDER BY name, id`);
  const insert = db.prepare(`INSERT INTO user_actions
    (database_id, archive_id, action_key, name, process_id, users_and_groups, workflow_id)
    VALUES (@databaseId, @archiveId, @key, @name, @processId, @usersAndGroups, @workflowId)`);
  const insertRun = db.prepare(`INSERT INTO user_action_runs
    (action_id, database_id, archive_id, document_id, user_name, started_at)
    VALUES (@actionId, @databaseId, @archiveId, @documentId, @userName, @startedAt)`);
  const runs = db.prepare(`SELECT action_id AS actionId, database_id AS databaseId, archive_id AS archiveId,
    document_id AS documentId, user_name AS userName, started_at AS startedAt
    FROM user_action_runs WHERE database_id = ? AND document_id = ? ORDER BY id`);
  return {
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
    /** the actions offered in the archive (its own and the database-wide ones) */
    forArchive: (databaseId: number, archiveId: number): UserActionRow[] =>
      forArchive.all(databaseId, archiveId) as UserActionRow[],
    add: (a: Omit<UserActionRow, 'id' | 'workflowId'> & { workflowId?: number }): number =>
      Number(insert.run({ workflowId: 0, ...a }).lastInsertRowid),
    addRun: (run: UserActionRun): void => {
      insertRun.run(run);
    },
    runsOf: (databaseId: number, documentId: number): UserActionRun[] =>
      runs.all(databaseId, documentId) as UserActionRun[],
  };
}
export type UserActionsRepo = ReturnType<typeof createUserActionsRepo>;
