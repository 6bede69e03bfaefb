// Workflows (migration 10, decision 025): their definitions (nodes, bound archives) and the runs of
// documents through them. A run's id is its process id; `status` is the WorkflowState it is in
// (2: waiting in the queue `node_id`), 0 once it ended; `version` goes up with every step.
import type { WorkflowDefinition, WorkflowField, WorkflowNode } from '@gs/contract/workflow';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/connection';

export interface WorkflowRow {
  id: number;
  databaseId: number;
  name: string;
}

export interface RunRow {
  id: number;
  workflowId: number;
  databaseId: number;
  archiveId: number;
  documentId: number;
  nodeId: number;
  status: number;
  since: number;
  startedAt: number;
  endedAt: number;
  lastUser: string;
  version: number;
}

export interface QueueCount {
  workflowId: number;
  nodeId: number;
  count: number;
}

const RUN_COLUMNS = `id, workflow_id AS workflowId, database_id AS databaseId, archive_id AS archiveId,
  document_id AS documentId, node_id AS nodeId, status, since, started_at AS startedAt,
  ended_at AS endedAt, last_user AS lastUser, version`;

type NodeConfig = Omit<WorkflowNode, 'Id' | 'Type' | 'Name'>;

export function createWorkflowsRepo(db: Db) {
  const s = {
    inDatabase: db.prepare(
      `SELECT id, database_id AS databaseId, name FROM workflows WHERE database_id = ? ORDER BY name, id`,
    ),
    byId: db.prepare(`SELECT id, database_id AS databaseId, name FROM workflows WHERE id = ?`),
    byName: db.prepare(`SELECT id FROM workflows WHERE database_id = ? AND name = ?`).pluck(),
    insert: db.prepare(`INSERT INTO workflows (database_id, name) VALUES (?, ?)`),
    rename: db.prepare(`UPDATE workflows SET name = ? WHERE id = ?`),
    remove: db.prepare(`DELETE FROM workflows WHERE id = ?`),
    archives: db
      .prepare(`SELECT archive_id FROM workflow_archives WHERE workflow_id = ? ORDER BY archive_id`)
      .pluck(),
    boundTo: db
      .prepare(`SELECT workflow_id FROM workflow_archives WHERE archive_id = ? ORDER BY workflow_id`)
      .pluck(),
    clearArchives: db.prepare(`DELETE FROM workflow_archives WHERE workflow_id = ?`),
    bind: db.prepare(`INSERT INTO workflow_archives (workflow_id, archive_id) VALUES (?, ?)`),
    nodes: db.prepare(
      `SELECT node_id AS id, type, name, config FROM workflow_nodes WHERE workflow_id = ? ORDER BY node_id`,
    ),
    clearNodes: db.prepare(`DELETE FROM workflow_nodes WHERE workflow_id = ?`),
    insertNode: db.prepare(
      `INSERT INTO workflow_nodes (workflow_id, node_id, type, name, config) VALUES (?, ?, ?, ?, ?)`,
    ),
    activeRun: db.prepare(
      `SELECT ${RUN_COLUMNS} FROM workflow_runs WHERE database_id = ? AND document_id = ? AND status > 0`,
    ),
    run: db.prepare(`SELECT ${RUN_COLUMNS} FROM workflow_runs WHERE id = ?`),
    insertRun: db.prepare(`INSERT INTO workflow_runs (workflow_id, database_id, archive_id, document_id,
      node_id, status, since, started_at, last_user) VALUES (@workflowId, @databaseId, @archiveId,
      @documentId, @nodeId, @status, @since, @since, @lastUser)`),
    step: db.prepare(`UPDATE workflow_runs SET node_id = @nodeId, status = @status, since = @since,
      ended_at = @endedAt, archive_id = @archiveId, last_user = @lastUser, version = version + 1
      WHERE id = @id AND version = @version`),
    // counts come from workflow_queue_counts, kept by triggers on workflow_runs (migration 11)
    queueCounts: db.prepare(`SELECT workflow_id AS workflowId, node_id AS nodeId, sum(count) AS count
      FROM workflow_queue_counts WHERE workflow_id = ? GROUP BY node_id HAVING sum(count) > 0`),
    queueCount: db
      .prepare(
        `SELECT coalesce(sum(count), 0) FROM workflow_queue_counts WHERE workflow_id = ? AND node_id = ?`,
      )
      .pluck(),
    queueProcesses: db
      .prepare(
        `SELECT id FROM workflow_runs WHERE workflow_id = ? AND node_id = ? AND status = 2
      ORDER BY archive_id, id LIMIT ?`,
      )
      .pluck(),
    archiveCounts: db.prepare(`SELECT archive_id AS ArchiveId, count AS Count FROM workflow_queue_counts
      WHERE workflow_id = ? AND node_id = ? AND count > 0 ORDER BY archive_id`),
    archiveCount: db
      .prepare(
        `SELECT coalesce(max(count), 0) FROM workflow_queue_counts
      WHERE workflow_id = ? AND node_id = ? AND archive_id = ?`,
      )
      .pluck(),
    taskPage: db
      .prepare(
        `SELECT document_id FROM workflow_runs
      WHERE workflow_id = ? AND node_id = ? AND archive_id = ? AND status = 2 ORDER BY id LIMIT ? OFFSET ?`,
      )
      .pluck(),
    archiveIds: db.prepare(`SELECT id FROM archives WHERE database_id = ? ORDER BY id`).pluck(),
    databaseFields: db.prepare(
      `SELECT id AS Id, name AS Name, type AS Type FROM fields WHERE database_id = ? ORDER BY name, id`,
    ),
    archiveFields: db.prepare(`SELECT f.id AS Id, f.name AS Name, f.type AS Type FROM archive_fields af
      JOIN fields f ON f.id = af.field_id WHERE af.archive_id = ? ORDER BY af.ordinal`),
    principalNames: db
      .prepare(
        `SELECT name FROM users WHERE id = ?
      UNION ALL SELECT g.name FROM group_members m JOIN groups g ON g.id = m.group_id WHERE m.user_id = ?`,
      )
      .pluck(),
    runsOfDocument: db.prepare(
      `SELECT ${RUN_COLUMNS} FROM workflow_runs WHERE database_id = ? AND document_id = ? ORDER BY id`,
    ),
  };

  const statements = new Map<string, Statement>();
  const prepared = (sql: string): Statement => {
    let st = statements.get(sql);
    if (!st) {
      if (statements.size >= 200) statements.clear();
      statements.set(sql, (st = db.prepare(sql)));
    }
    return st;
  };

  const nodesOf = (workflowId: number): WorkflowNode[] =>
    (
      s.nodes.all(workflowId) as { id: number; type: WorkflowNode['Type']; name: string; config: string }[]
    ).map((n) => ({ Id: n.id, Type: n.type, Name: n.name, ...(JSON.parse(n.config) as NodeConfig) }));

  const definition = (w: WorkflowRow): WorkflowDefinition => ({
    Id: w.id,
    Name: w.name,
    BoundArchives: s.archives.all(w.id) as number[],
    Nodes: nodesOf(w.id),
  });

  return {
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
    /** a one-column query the caller built (a task page sorted on document fields) */
    query: (sql: string, params: (number | string)[]): number[] =>
      prepared(sql)
        .pluck()
        .all(...params) as number[],
    inDatabase: (databaseId: number): WorkflowRow[] => s.inDatabase.all(databaseId) as WorkflowRow[],
    byId: (id: number): WorkflowRow | undefined => s.byId.get(id) as WorkflowRow | undefined,
    idByName: (databaseId: number, name: string): number | undefined =>
      s.byName.get(databaseId, name) as number | undefined,
    definition,
    nodesOf,
    /** the user's name and the names of their groups */
    principalNames: (userId: number): string[] => s.principalNames.all(userId, userId) as string[],
    archiveIds: (databaseId: number): number[] => s.archiveIds.all(databaseId) as number[],
    /** the fields a node may name: the database's, or one archive's */
    fields: (databaseId: number, archiveId?: number): WorkflowField[] =>
      (archiveId === undefined
        ? s.databaseFields.all(databaseId)
        : s.archiveFields.all(archiveId)) as WorkflowField[],
    /** workflows an import or capture into the archive enters */
    boundTo: (archiveId: number): number[] => s.boundTo.all(archiveId) as number[],
    /** write a definition whole (Id 0: a new workflow); its id */
    save(databaseId: number, def: WorkflowDefinition): number {
      let id = def.Id;
      if (id === 0) id = Number(s.insert.run(databaseId, def.Name).lastInsertRowid);
      else s.rename.run(def.Name, id);
      s.clearArchives.run(id);
      for (const a of new Set(def.BoundArchives)) s.bind.run(id, a);
      s.clearNodes.run(id);
      for (const { Id, Type, Name, ...config } of def.Nodes)
        s.insertNode.run(id, Id, Type, Name, JSON.stringify(config));
      return id;
    },
    remove: (id: number): void => {
      s.remove.run(id);
    },
    activeRun: (databaseId: number, documentId: number): RunRow | undefined =>
      s.activeRun.get(databaseId, documentId) as RunRow | undefined,
    run: (id: number): RunRow | undefined => s.run.get(id) as RunRow | undefined,
    runsOfDocument: (databaseId: number, documentId: number): RunRow[] =>
      s.runsOfDocument.all(databaseId, documentId) as RunRow[],
    /** a new run, started at `since` */
    insertRun: (r: Omit<RunRow, 'id' | 'startedAt' | 'endedAt' | 'version'>): number =>
      Number(s.insertRun.run(r).lastInsertRowid),
    /** move the run on; false when its version is no longer `version` (someone else moved it) */
    step: (r: {
      id: number;
      version: number;
      nodeId: number;
      status: number;
      since: number;
      endedAt: number;
      archiveId: number;
      lastUser: string;
    }): boolean => s.step.run(r).changes === 1,
    queueCounts: (workflowId: number): QueueCount[] => s.queueCounts.all(workflowId) as QueueCount[],
    queueCount: (workflowId: number, nodeId: number): number =>
      s.queueCount.get(workflowId, nodeId) as number,
    queueProcesses: (workflowId: number, nodeId: number, limit: number): number[] =>
      s.queueProcesses.all(workflowId, nodeId, limit) as number[],
    archiveCounts: (workflowId: number, nodeId: number): { ArchiveId: number; Count: number }[] =>
      s.archiveCounts.all(workflowId, nodeId) as { ArchiveId: number; Count: number }[],
    archiveCount: (workflowId: number, nodeId: number, archiveId: number): number =>
      s.archiveCount.get(workflowId, nodeId, archiveId) as number,
    /** document ids of a queue's tasks in an archive, in process order */
    taskPage: (
      workflowId: number,
      nodeId: number,
      archiveId: number,
      limit: number,
      offset: number,
    ): number[] => s.taskPage.all(workflowId, nodeId, archiveId, limit, offset) as number[],
  };
}
export type WorkflowsRepo = ReturnType<typeof createWorkflowsRepo>;
