// Bulk import (the import utility's batches): each row becomes one new document with its index
// values and, when it names an upload-cache file, that file. Rows may share a cache file (the
// helper uploads each distinct source once per job): it is placed in files/ once (a hard link,
// or a copy) and the documents share it, as copies do (a file goes only when no document uses
// it). Files are placed first, then ONE transaction inserts every valid row with all its columns,
// multi values, system fields and an `indexed` history entry; a row that fails its checks is
// reported and skipped. The rows go in as multi-row INSERTs (200 rows a statement), with the ids
// the table would have given them one by one: a row-by-row INSERT into a table with triggers
// pays SQLite's statement journal for every page it touches, every row (about 30 us a row on the
// large scenario's indexed million-row table, three times the insert itself). After the commit the released cache files go; a
// failed transaction removes the files it placed again.
import { randomUUID } from 'node:crypto';
import { copyFile, link, mkdir, rm, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Statement } from 'better-sqlite3';
import type { BulkApiImportRequest, BulkApiImportResponse, BulkFieldValue } from '@gs/contract/helperBulk';
import { FieldProp, SYSTEM_FIELD_PROPS, hasFlag } from '@gs/contract/flags';
import type { Db } from '../../db/connection';
import type { PdfTextJobs } from '../../pdf/services/pdfTextJobs';
import type { Repos } from '../../db/repos';
import type { ArchiveRow } from '../../catalog/repos/archivesRepo';
import type { StoredValue } from '../../fields/repos/documentFieldsRepo';
import type { FieldRule } from '../../fields/repos/fieldRulesRepo';
import { docTable, fieldColumn } from '../../documents/repos/docTables';
import { documentIdHighWaterSql } from '../../db/idSequences';
import { memoLists } from './bulkUpdate';
import type { FieldLists, SqlListItems } from '../../lists/services/fieldLists';
import { checkField } from '../../fields/services/fieldValidation';
import { importPageCount, safeName } from '../../files/services/fileStore';
import { systemValue } from '../../documents/services/importValues';

export interface BulkImportCall {
  dataDir: string;
  /** the caller's own upload-cache folder: the rows' `File`s are looked up there only */
  cacheDir: string;
  archive: ArchiveRow;
  request: BulkApiImportRequest;
  userName: string;
  now: number;
  /** the items of the archive's [SQL] lists, read first (lists/sqlListItems.ts) */
  sqlItems: ReadonlyMap<number, SqlListItems>;
}

type Result = BulkApiImportResponse['Results'][number];

interface Source {
  absolute: string;
  fileType: string;
  size: number;
  pages: number;
}

interface Placed {
  relative: string;
  absolute: string;
}

const failed = (row: number, message: string): Result => ({
  Row: row,
  Ok: false,
  DocID: 0,
  Message: message,
});
const NO_VALUES: string[] = [];

/**
 * The checks of one row's values (the shared field validation), written as methods rather than
 * closures made anew for each of a batch's thousands of rows. After row() the row's writes are in
 * singles and multis (new maps each row).
 */
class RowChecks {
  singles = new Map<number, StoredValue>();
  multis = new Map<number, string[]>();
  private sent = new Map<number, string>();

  constructor(
    private readonly byId: Map<number, FieldRule>,
    private readonly lists: FieldLists,
    readonly overwriteSystem: boolean,
  ) {}

  /** the items a list field offers given the row's values (a dynamic list reads its parents) */
  offeredItems(rule: FieldRule): string[] {
    const sent = this.sent;
    return this.lists.offered(rule, (id) => sent.get(id) ?? '');
  }

  /** Check every value of the row, then the required fields it leaves out; the refusal, if any. */
  row(fields: BulkFieldValue[], required: FieldRule[]): string | undefined {
    this.sent = new Map();
    this.singles = new Map();
    this.multis = new Map();
    for (const f of fields) this.sent.set(f.FieldID, f.Value);
    for (const f of fields) {
      const refused = this.take(f.FieldID, f.Value);
      if (refused) return refused;
    }
    // a required field the row leaves out is checked as empty (and refused)
    for (const r of required) {
      if (this.sent.has(r.id)) continue;
      const refused = this.take(r.id, '');
      if (refused) return refused;
    }
    return undefined;
  }

  private take(fieldId: number, value: string): string | undefined {
    const rule = this.byId.get(fieldId);
    if (rule && isSystem(rule) && !this.overwriteSystem) return undefined;
    const multi = rule ? hasFlag(rule.prop, FieldProp.MultiValue) : false;
    const c = checkField(rule, { id: fieldId, val: value, mval: multi ? value.split('|') : NO_VALUES }, this);
    if (!c.valid) return `Field ${c.rule ? `'${c.rule.name}'` : c.id}: ${c.message}`;
    if (c.write.multi) this.multis.set(c.rule.id, c.write.values);
    else this.singles.set(c.rule.id, c.write.value);
    return undefined;
  }
}

/** Rows a multi-row INSERT takes at once. */
const INSERT_ROWS = 200;

const isSystem = (rule: FieldRule): boolean =>
  (rule.prop & (SYSTEM_FIELD_PROPS | FieldProp.TableField)) !== 0;

export function createBulkImports(db: Db, repos: Repos, textJobs?: PdfTextJobs) {
  const inserts = new Map<string, Statement>();
  /** A multi-row INSERT of `rows` rows: id, archive, path, type, size, pages, created, modified, ...fields */
  const insertOf = (databaseId: number, fieldIds: number[], rows: number): Statement => {
    const key = `${databaseId}:${fieldIds.join(',')}:${rows}`;
    let s = inserts.get(key);
    if (!s) {
      const cols = [
        'id',
        'archive_id',
        'file_path',
        'file_type',
        'file_size',
        'page_count',
        'created_at',
        'modified_at',
        ...fieldIds.map(fieldColumn),
      ];
      const one = `(${cols.map(() => '?').join(', ')})`;
      s = db.prepare(
        `INSERT INTO ${docTable(databaseId)}(${cols.join(', ')}) VALUES ${new Array<string>(rows).fill(one).join(', ')}`,
      );
      if (inserts.size > 500) inserts.clear();
      inserts.set(key, s);
    }
    return s;
  };
  /** Insert rows of one column set, INSERT_ROWS at a time (well under SQLite's 32,766 parameters). */
  const insertRows = (databaseId: number, fieldIds: number[], rows: unknown[][]): void => {
    for (let at = 0; at < rows.length; at += INSERT_ROWS) {
      const chunk = rows.slice(at, at + INSERT_ROWS);
      insertOf(databaseId, fieldIds, chunk.length).run(chunk.flat());
    }
  };
  const topIds = new Map<number, Statement>();
  const topId = (databaseId: number): number => {
    let s = topIds.get(databaseId);
    // ids of deleted documents included: an id is never handed out twice (decision 049)
    if (!s) topIds.set(databaseId, (s = db.prepare(documentIdHighWaterSql(docTable(databaseId)))));
    return Number((s.get() as { id: number | bigint | null }).id ?? 0);
  };

  // cache files a job keeps across batches (Release) are measured and placed once
  const measured = new Map<string, { size: number; pages: number }>();
  const kept = new Map<string, Placed>();
  const sourceKey = (s: Source): string => `${s.absolute}:${s.size}:${s.fileType}`;

  /** Each distinct cache file of the batch, measured once. */
  /** Each distinct cache file of the batch, measured once (all looked at together). */
  async function sources(call: BulkImportCall): Promise<Map<string, Source | Error>> {
    const named = new Map<string, string | undefined>();
    for (const row of call.request.Rows)
      if (row.File && !named.has(row.File)) named.set(row.File, row.FileName);
    const measuredOne = async (file: string, fileName: string | undefined): Promise<Source | Error> => {
      try {
        const absolute = join(call.cacheDir, safeName(file));
        const { size, mtimeMs } = await stat(absolute);
        const key = `${absolute}:${size}:${mtimeMs}`;
        let m = measured.get(key);
        if (!m) {
          m = { size, pages: await importPageCount(absolute) };
          if (measured.size > 5000) measured.clear();
          measured.set(key, m);
        }
        return { absolute, fileType: extname(fileName ?? file).toLowerCase(), ...m };
      } catch (err) {
        return err instanceof Error ? err : new Error(String(err));
      }
    };
    const entries = [...named];
    const found = await Promise.all(entries.map(([file, name]) => measuredOne(file, name)));
    return new Map(entries.map(([file], i) => [file, found[i] as Source | Error]));
  }

  async function place(dir: string, relDir: string, source: Source): Promise<Placed> {
    const name = `${randomUUID()}${source.fileType}`;
    const absolute = join(dir, name);
    try {
      await link(source.absolute, absolute);
      // another file system (or no hard links): a copy instead
    } catch {
      await copyFile(source.absolute, absolute);
    }
    return { relative: `${relDir}/${name}`, absolute };
  }

  async function run(call: BulkImportCall): Promise<BulkApiImportResponse> {
    const { archive, request } = call;
    const databaseId = archive.databaseId;
    const rules = repos.fieldRules.ofArchive(archive.id);
    const byId = new Map(rules.map((r) => [r.id, r]));
    const lists = memoLists(repos.fieldRules, call.sqlItems);
    const files = await sources(call);
    const relDir = `${databaseId}/${archive.id}`;
    const dir = join(call.dataDir, 'files', databaseId.toString(), archive.id.toString());
    await mkdir(dir, { recursive: true });

    type Ready = {
      row: number;
      singles: Map<number, StoredValue>;
      multis: Map<number, string[]>;
      source?: Source;
    };
    const results: Result[] = [];
    const required = rules.filter((r) => hasFlag(r.prop, FieldProp.Required) && !isSystem(r));
    const check = new RowChecks(byId, lists, request.OverwriteSystem ?? false);
    const ready: (Ready | undefined)[] = request.Rows.map((row) => {
      let source: Source | undefined;
      if (row.File) {
        const s = files.get(row.File);
        if (!s || s instanceof Error) {
          results.push(failed(row.Row, `The file '${row.FileName ?? row.File}' was not found.`));
          return undefined;
        }
        source = s;
      }
      const refused = check.row(row.Fields, required);
      if (refused) {
        results.push(failed(row.Row, refused));
        return undefined;
      }
      return { row: row.Row, singles: check.singles, multis: check.multis, source };
    });

    // one placed file per distinct source: the documents of an import share it (a document's
    // file is removed only when no other document uses it, documentOps.ts); a file placed by an
    // earlier batch of the same job is reused while it exists
    const bySource = new Map<Source, Placed>();
    const fresh: Placed[] = [];
    const placed: (Placed | undefined)[] = [];
    try {
      // each distinct file of the batch: the file an earlier batch placed while it is there, else
      // a new link (looked at together, not one after another)
      const distinct = [...new Set(ready.flatMap((r) => (r?.source ? [r.source] : [])))];
      const settled = await Promise.allSettled(
        distinct.map(async (source) => {
          const earlier = kept.get(sourceKey(source));
          if (
            earlier &&
            (await stat(earlier.absolute).then(
              () => true,
              () => false,
            ))
          ) {
            bySource.set(source, earlier);
            return;
          }
          const p = await place(dir, relDir, source);
          fresh.push(p);
          bySource.set(source, p);
        }),
      );
      // every link is made or failed before a failure is thrown, so the clean-up finds them all
      const failure = settled.find((r) => r.status === 'rejected');
      if (failure) throw failure.reason;
      for (const r of ready) placed.push(r?.source ? bySource.get(r.source) : undefined);
      // the system values of a new document depend on its file only: worked out once a file
      const systems = new Map<Source | undefined, Map<number, StoredValue>>();
      const systemOf = (source: Source | undefined): Map<number, StoredValue> => {
        let m = systems.get(source);
        if (!m) {
          const values = {
            userName: call.userName,
            now: call.now,
            pageCount: source?.pages ?? 0,
            fileType: source?.fileType ?? '',
          };
          m = new Map();
          for (const rule of rules) {
            const v = systemValue(rule, values);
            if (v !== undefined) m.set(rule.id, v);
          }
          systems.set(source, m);
        }
        return m;
      };
      const ids = db.transaction(() => {
        const indexed: [number, number, string][] = [];
        const groups = new Map<string, { fieldIds: number[]; rows: unknown[][] }>();
        let next = topId(databaseId);
        const made = ready.map((r, i) => {
          if (!r) return 0;
          const p = placed[i];
          for (const [ruleId, v] of systemOf(r.source)) if (!r.singles.has(ruleId)) r.singles.set(ruleId, v);
          const fieldIds = [...r.singles.keys()].sort((a, b) => a - b);
          const key = fieldIds.join(',');
          let g = groups.get(key);
          if (!g) groups.set(key, (g = { fieldIds, rows: [] }));
          const id = ++next;
          const row: unknown[] = [
            id,
            archive.id,
            p?.relative ?? '',
            r.source?.fileType ?? '',
            r.source?.size ?? 0,
            r.source?.pages ?? 0,
            call.now,
            call.now,
          ];
          for (const f of fieldIds) row.push(r.singles.get(f) ?? null);
          g.rows.push(row);
          indexed.push([archive.id, id, 'Document indexed']);
          return id;
        });
        for (const g of groups.values()) insertRows(databaseId, g.fieldIds, g.rows);
        ready.forEach((r, i) => {
          if (!r) return;
          for (const [fieldId, values] of r.multis)
            repos.documentFields.setMulti(databaseId, made[i] ?? 0, fieldId, values);
        });
        repos.audit.addMany(
          { databaseId, userName: call.userName, category: 'indexed', time: call.now },
          indexed,
        );
        return made;
      })();
      ready.forEach((r, i) => {
        if (r) results.push({ Row: r.row, Ok: true, DocID: ids[i] ?? 0, Message: '' });
      });
      // committed: the new PDFs' text is read for content search after the answer (issue 19)
      textJobs?.add(
        ready.flatMap((r, i) => {
          const p = placed[i];
          const docId = ids[i] ?? 0;
          if (!r || !p || docId === 0) return [];
          return [
            {
              docId,
              databaseId,
              relative: p.relative,
              absolute: p.absolute,
              fileType: r.source?.fileType ?? '',
            },
          ];
        }),
      );
    } catch (err) {
      await Promise.all(fresh.map((p) => rm(p.absolute, { force: true })));
      throw err;
    }
    for (const [source, p] of bySource) {
      if (kept.size > 5000) kept.clear();
      kept.set(sourceKey(source), p);
    }
    // committed: the documents own their links now, the cache files may go (all of the batch's,
    // or only those the caller releases: a job reuses its uploads across batches)
    const release = request.Release
      ? request.Release.flatMap((name) => {
          try {
            return [join(call.cacheDir, safeName(name))];
            // a name that is no plain file name names no cache file to release
          } catch {
            return [];
          }
        })
      : [...files.values()].flatMap((s) => (s instanceof Error ? [] : [s.absolute]));
    await Promise.all(release.map((file) => rm(file, { force: true })));
    results.sort((a, b) => a.Row - b.Row);
    return { Results: results };
  }

  return { run };
}
export type BulkImports = ReturnType<typeof createBulkImports>;
