// The import wizard's server side (decision 031): each administrator's uploaded package (one at a
// time, staged on disk until replaced or expired: packageStaging.ts, decision 042), the import
// jobs run in the background, and their logs in import_logs (Running while the job runs; LogText
// grows a line per step; ImportError the first error). A rejected upload is logged too, so the
// wizard can show why. A running import is a job of the job registry (decision 061), owned by the
// administrator who started it and dropped from memory an hour after it ended; its log stays in
// import_logs, the history the wizard lists and the administrator deletes. An import does not
// outlive its process: a log still Running when the server starts is marked Failed, and the spill
// folders of an import a crash cut off (packages/spill) are removed by the registry's start sweep.
import { randomUUID } from 'node:crypto';
import type { ImportLog, ImportStatus, PackageInfo } from '@gs/contract/admin/packages';
import type { Clock } from '../../clock';
import type { Db } from '../../db/connection';
import { JOB_TTL_MS, JobRegistry } from '@gs/simulator-shared/jobRegistry';
import { toDotNetDate } from '../../lib/dates';
import { importPackage, spillRoot, type ImportChoices } from './packageImport';
import { createPackageStaging, type Staged } from './packageStaging';

interface LogRow {
  id: string;
  guid: string;
  user_id: number;
  status: string;
  log_text: string;
  import_error: string;
  filename: string;
  display_name: string;
  database_name: string;
  database_id: number;
  started_at: number;
}

const toLog = (r: LogRow): ImportLog => ({
  LogId: r.id,
  Guid: r.guid,
  Status: r.status as ImportStatus,
  LogText: r.log_text,
  ImportError: r.import_error,
  Filename: r.filename,
  DisplayName: r.display_name,
  DatabaseName: r.database_name,
  DatabaseID: r.database_id,
  Started: toDotNetDate(r.started_at),
});

const infoOf = (s: Staged): PackageInfo => {
  const m = s.pkg.manifest;
  return {
    Filename: s.filename,
    Acronym: m.Acronym,
    SourceDatabase: m.Source.DatabaseName,
    ExportedAt: m.Source.ExportedAt,
    Counts: m.Counts,
  };
};

/** The line and error a log still Running at start gets: its import stopped with the server. */
export const INTERRUPTED = 'The import stopped when the server stopped; run it again.';

export function createImportJobs(db: Db, clock: Clock, dataDir: string, ttlMs = JOB_TTL_MS) {
  const staging = createPackageStaging(dataDir, clock);
  void staging.sweep();
  const jobs = new JobRegistry<{ logId: string; done: Promise<void> }>({
    ttlMs,
    now: () => clock.now(),
    dir: spillRoot(dataDir),
  });
  const insert =
    db.prepare(`INSERT INTO import_logs(id, guid, user_id, status, log_text, import_error, filename,
    display_name, database_name, database_id, started_at) VALUES (@id, @guid, @user_id, @status, @log_text,
    @import_error, @filename, @display_name, @database_name, @database_id, @started_at)`);
  const update = db.prepare(
    `UPDATE import_logs SET status = ?, log_text = ?, import_error = ?, database_id = ? WHERE id = ?`,
  );
  const byId = db.prepare(`SELECT * FROM import_logs WHERE id = ?`);
  const byGuid = db.prepare(`SELECT * FROM import_logs WHERE guid = ? AND database_name = ? COLLATE NOCASE`);
  const history = db.prepare(`SELECT * FROM import_logs ORDER BY started_at DESC, rowid DESC`);

  const stamp = () => new Date(clock.now()).toISOString();

  // the start sweep: no import of a previous run is running any more
  db.prepare(
    `UPDATE import_logs SET status = 'Failed',
       log_text = log_text || CASE WHEN log_text = '' THEN '' ELSE char(10) END || ?,
       import_error = CASE WHEN import_error = '' THEN ? ELSE import_error END
     WHERE status = 'Running'`,
  ).run(`${stamp()} ERROR ${INTERRUPTED}`, INTERRUPTED);

  function newLog(user: number, fields: Partial<LogRow>): LogRow {
    const row: LogRow = {
      id: randomUUID(),
      guid: randomUUID(),
      user_id: user,
      status: 'Running',
      log_text: '',
      import_error: '',
      filename: '',
      display_name: '',
      database_name: '',
      database_id: 0,
      started_at: clock.now(),
      ...fields,
    };
    insert.run(row);
    return row;
  }

  return {
    /** Where an upload of `user` streams to: the folder and a fresh part name. */
    uploadTarget: (user: number) => ({ dir: staging.uploadDir(user), name: staging.partName() }),
    /** Check the uploaded part and stage it for `user` (PackageError: it is no package). */
    async stage(user: number, part: string, filename: string): Promise<PackageInfo> {
      return infoOf(await staging.commit(user, part, filename));
    },
    staged: (user: number): Promise<Staged | undefined> => staging.get(user),
    async info(user: number): Promise<PackageInfo | undefined> {
      const s = await staging.get(user);
      return s && infoOf(s);
    },
    /** Record an upload that is no package; its log id. */
    rejected(user: number, filename: string, displayName: string, message: string): string {
      return newLog(user, {
        status: 'Failed',
        filename,
        display_name: displayName,
        log_text: `${stamp()} ERROR ${message}`,
        import_error: message,
      }).id;
    },
    /** Start importing the caller's package; the log's ids. */
    async start(
      s: Staged,
      user: number,
      displayName: string,
      choices: ImportChoices,
    ): Promise<{ LogId: string; Guid: string }> {
      const row = newLog(user, {
        filename: s.filename,
        display_name: displayName,
        database_name:
          choices.databaseName ||
          (db.prepare(`SELECT name FROM databases WHERE id = ?`).pluck().get(choices.databaseId) as string),
        database_id: choices.databaseId,
      });
      const lines: string[] = [];
      let firstError = '';
      let databaseId = choices.databaseId;
      const save = (status: ImportStatus) =>
        update.run(status, lines.join('\n'), firstError, databaseId, row.id);
      const line = (level: string, message: string) => {
        lines.push(`${stamp()} ${level} ${message}`);
        if (level === 'ERROR' && !firstError) firstError = message;
      };
      const log = {
        info: (m: string) => line('INFO', m),
        warn: (m: string) => line('WARN', m),
        error: (m: string) => line('ERROR', m),
      };
      log.info(`Import of ${s.filename} (${s.pkg.manifest.Acronym}) started by ${displayName}.`);
      const run = async (): Promise<void> => {
        try {
          const outcome = await importPackage(db, dataDir, s.pkg, choices, log, clock.now());
          databaseId = outcome.databaseId;
          log.info(
            outcome.failures
              ? `Import finished with ${outcome.failures} failed group(s).`
              : 'Import finished.',
          );
          save(outcome.failures ? 'Failed' : 'Completed');
        } catch (e) {
          log.error(e instanceof Error ? e.message : String(e));
          save('Failed');
        }
      };
      const job = await jobs.create(user, () => ({ logId: row.id, done: Promise.resolve() }));
      job.state.done = run().finally(() => jobs.end(job));
      return { LogId: row.id, Guid: row.guid };
    },
    log: (id: string): ImportLog | undefined => {
      const r = byId.get(id) as LogRow | undefined;
      return r && toLog(r);
    },
    logFile: (databaseName: string, guid: string): ImportLog | undefined => {
      const r = byGuid.get(guid, databaseName) as LogRow | undefined;
      return r && toLog(r);
    },
    history: (): ImportLog[] => (history.all() as LogRow[]).map(toLog),
    /** Delete one finished log, or every finished one; the count deleted. */
    remove(id?: string): number {
      const sql = `DELETE FROM import_logs WHERE status <> 'Running'${id === undefined ? '' : ' AND id = ?'}`;
      return db.prepare(sql).run(...(id === undefined ? [] : [id])).changes;
    },
    /** Resolves when every running import has finished (tests, shutdown). */
    settled: async (): Promise<void> => {
      await Promise.all(jobs.running().map((job) => job.state.done));
    },
  };
}
export type ImportJobs = ReturnType<typeof createImportJobs>;
