// Bulk import (the import utility's batches): each row becomes one new document with its index
// values and, when it names an upload-cache file, that file. Rows may share a cache file (the
// helper uploads each distinct source once per job): it is placed in files/ once (a hard link,
// or a copy) and the documents share it, as copies do (a file goes only when no document uses
// it). Files are placed first, then ONE transaction inserts every valid row (a single INSERT per
// row with all its columns, multi values, system fields and an `indexed` history entry); a row
// that fails its checks is reported and skipped. After the commit the released cache files go; a
// failed transaction removes the files it placed again.
import { randomUUID } from 'node:crypto';
import { copyFile, link, mkdir, rm, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Statement } from 'better-sqlite3';
import type { BulkApiImportRequest, BulkApiImportResponse } from '@gs/contract/helperBulk';
import { FieldProp, SYSTEM_FIELD_PROPS, hasFlag } from '@gs/contract/flags';
import type { Db } from '../db/connection';
import type { Repos } from '../db/repos';
import type { ArchiveRow } from '../db/archivesRepo';
import type { StoredValue } from '../db/documentFieldsRepo';
import type { FieldRule } from '../db/fieldRulesRepo';
import { docTable, fieldColumn } from '../db/docTables';
import { memoLists } from './bulkUpdate';
import { checkField } from './fieldValidation';
import { cacheFile, pageCount } from './fileStore';
import { systemValue } from './importValues';

export interface BulkImportCall {
  dataDir: string;
  archive: ArchiveRow;
  request: BulkApiImportRequest;
  userName: string;
  now: number;
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

const isSystem = (rule: FieldRule): boolean =>
  (rule.prop & (SYSTEM_FIELD_PROPS | FieldProp.TableField)) !== 0;

export function createBulkImports(db: Db, repos: Repos) {
  const inserts = new Map<string, Statement>();
  const insertOf = (databaseId: number, fieldIds: number[]): Statement => {
    const key = `${databaseId}:${fieldIds.join(',')}`;
    let s = inserts.get(key);
    if (!s) {
      const cols = [
        'archive_id',
        'file_path',
        'file_type',
        'file_size',
        'page_count',
        'created_at',
        'modified_at',
      ];
      const all = [...cols, ...fieldIds.map(fieldColumn)];
      s = db.prepare(
        `INSERT INTO ${docTable(databaseId)}(${all.join(', ')}) VALUES (${all.map(() => '?').join(', ')})`,
      );
      if (inserts.size > 500) inserts.clear();
      inserts.set(key, s);
    }
    return s;
  };

  // cache files a job keeps across batches (Release) are measured and placed once
  const measured = new Map<string, { size: number; pages: number }>();
  const kept = new Map<string, Placed>();
  const sourceKey = (s: Source): string => `${s.absolute}:${s.size}:${s.fileType}`;

  /** Each distinct cache file of the batch, measured once. */
  async function sources(call: BulkImportCall): Promise<Map<string, Source | Error>> {
    const out = new Map<string, Source | Error>();
    for (const row of call.request.Rows) {
      if (!row.File || out.has(row.File)) continue;
      try {
        const absolute = cacheFile(call.dataDir, row.File);
        const { size, mtimeMs } = await stat(absolute);
        const key = `${absolute}:${size}:${mtimeMs}`;
        let m = measured.get(key);
        if (!m) {
          m = { size, pages: await pageCount(absolute) };
          if (measured.size > 5000) measured.clear();
          measured.set(key, m);
        }
        const fileType = extname(row.FileName ?? row.File).toLowerCase();
        out.set(row.File, { absolute, fileType, ...m });
      } catch (err) {
        out.set(row.File, err instanceof Error ? err : new Error(String(err)));
      }
    }
    return out;
  }

  async function place(dir: string, relDir: string, source: Source): Promise<Placed> {
    const name = `${randomUUID()}${source.fileType}`;
    const absolute = join(dir, name);
    try {
      await link(source.absolute, absolute);
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
    const lists = memoLists(repos.fieldRules);
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
    const ready: (Ready | undefined)[] = request.Rows.map((row) => {
      const fail = (message: string): undefined => {
        results.push({ Row: row.Row, Ok: false, DocID: 0, Message: message });
        return undefined;
      };
      let source: Source | undefined;
      if (row.File) {
        const s = files.get(row.File);
        if (!s || s instanceof Error) return fail(`The file '${row.FileName ?? row.File}' was not found.`);
        source = s;
      }
      const sent = new Map(row.Fields.map((f) => [f.FieldID, f.Value]));
      const ctx = {
        offeredItems: (r: FieldRule) => lists.offered(r, (id) => sent.get(id) ?? ''),
        overwriteSystem: request.OverwriteSystem ?? false,
      };
      const singles = new Map<number, StoredValue>();
      const multis = new Map<number, string[]>();
      const missing = rules
        .filter((r) => hasFlag(r.prop, FieldProp.Required) && !isSystem(r) && !sent.has(r.id))
        .map((r) => ({ FieldID: r.id, Value: '' }));
      for (const f of [...row.Fields, ...missing]) {
        const rule = byId.get(f.FieldID);
        if (rule && isSystem(rule) && !request.OverwriteSystem) continue;
        const multi = rule ? hasFlag(rule.prop, FieldProp.MultiValue) : false;
        const c = checkField(
          rule,
          { id: f.FieldID, val: f.Value, mval: multi ? f.Value.split('|') : [] },
          ctx,
        );
        if (!c.valid) return fail(`Field ${c.rule ? `'${c.rule.name}'` : c.id}: ${c.message}`);
        if (c.write.multi) multis.set(c.rule.id, c.write.values);
        else singles.set(c.rule.id, c.write.value);
      }
      return { row: row.Row, singles, multis, source };
    });

    // one placed file per distinct source: the documents of an import share it (a document's
    // file is removed only when no other document uses it, documentOps.ts); a file placed by an
    // earlier batch of the same job is reused while it exists
    const bySource = new Map<Source, Placed>();
    const fresh: Placed[] = [];
    const placed: (Placed | undefined)[] = [];
    try {
      for (const r of ready) {
        if (!r?.source) {
          placed.push(undefined);
          continue;
        }
        let p = bySource.get(r.source);
        if (!p) {
          const key = sourceKey(r.source);
          const earlier = kept.get(key);
          if (
            earlier &&
            (await stat(earlier.absolute).then(
              () => true,
              () => false,
            ))
          )
            p = earlier;
          else {
            p = await place(dir, relDir, r.source);
            fresh.push(p);
          }
          bySource.set(r.source, p);
        }
        placed.push(p);
      }
      const ids = db.transaction(() =>
        ready.map((r, i) => {
          if (!r) return 0;
          const p = placed[i];
          const system = {
            userName: call.userName,
            now: call.now,
            pageCount: r.source?.pages ?? 0,
            fileType: r.source?.fileType ?? '',
          };
          for (const rule of rules) {
            if (r.singles.has(rule.id)) continue;
            const v = systemValue(rule, system);
            if (v !== undefined) r.singles.set(rule.id, v);
          }
          const fieldIds = [...r.singles.keys()].sort((a, b) => a - b);
          const id = Number(
            insertOf(databaseId, fieldIds).run(
              archive.id,
              p?.relative ?? '',
              r.source?.fileType ?? '',
              r.source?.size ?? 0,
              r.source?.pages ?? 0,
              call.now,
              call.now,
              ...fieldIds.map((f) => r.singles.get(f) ?? null),
            ).lastInsertRowid,
          );
          for (const [fieldId, values] of r.multis)
            repos.documentFields.setMulti(databaseId, id, fieldId, values);
          repos.audit.add({
            databaseId,
            archiveId: archive.id,
            documentId: id,
            oldArchiveId: 0,
            oldDocId: 0,
            userName: call.userName,
            category: 'indexed',
            message: 'Document indexed',
            time: call.now,
            connectionString: '',
          });
          return id;
        }),
      )();
      ready.forEach((r, i) => {
        if (r) results.push({ Row: r.row, Ok: true, DocID: ids[i] ?? 0, Message: '' });
      });
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
            return [cacheFile(call.dataDir, name)];
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
