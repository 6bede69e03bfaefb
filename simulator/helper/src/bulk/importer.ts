// The import utility ("Import Data & Docs", spec §3, §5): a CSV of index data whose FilePathColumn
// names each document's file, relative to the CSV's folder or inside a zip (ZipPath, extracted
// with yauzl into the data folder first). The mapping (FieldID, RowID, Checked) is checked before
// the job starts: fields with Prop 4, 8, 16, 256, 1024, 2048, 4096 or 8192 (and table fields) are
// not importable unless OverwriteSystem, every required field must be mapped
// (ERROR_IMPORT_MISSING_FIELDS) and the first row's values must fit their fields
// (ERROR_IMPORT_DATATYPE_MISMATCH). Rows then go to POST dbs/{db}/bulk/import in batches, each
// distinct file of a batch uploaded once (POST files); a failed row is logged as
// 'FileName/Document Id: {file}: {text}'.
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import {
  BulkErrorKey,
  IMPORT_DISABLED_FIELD_PROPS,
  type BulkApiImportRequest,
  type BulkApiImportResponse,
} from '@gs/contract/helperBulk';
import { FieldProp, SYSTEM_FIELD_PROPS, hasFlag } from '@gs/contract/flags';
import type { FieldDefinition } from '@gs/contract/fields';
import { ApiFailure, openApi, type ApiClient } from './api';
import type { BulkContext } from './context';
import { readCsv, type CsvData } from './csv';
import { BulkError, bulkError } from './errors';
import type { Job } from './jobs';
import type { Options } from './options';
import { fitsType } from './update';
import { eachEntry } from './zip';

export interface PreparedImport {
  o: Options;
  api: ApiClient;
  csv: CsvData;
  archive: number;
  /** the folder file paths are read from */
  base: string;
  /** a folder to remove when the job ends (the extracted zip) */
  scratch?: string;
  mapped: { FieldID: number; RowID: number }[];
  pathColumn: number;
}

async function extractZip(zipFile: string, into: string): Promise<void> {
  const top = resolve(into);
  await eachEntry(zipFile, async (name, open) => {
    const target = resolve(top, name);
    if (!target.startsWith(top + sep)) return;
    await mkdir(dirname(target), { recursive: true });
    await pipeline(await open(), createWriteStream(target));
  });
}

export async function prepareImport(ctx: BulkContext, o: Options): Promise<PreparedImport> {
  if (o.archive === undefined) throw bulkError(BulkErrorKey.IncorrectParameters);
  if (!o.csvPath) throw bulkError(BulkErrorKey.InvalidCsvPath);
  const csvFile = ctx.path(o.csvPath, BulkErrorKey.InvalidCsvPath);
  if (o.errorPath) ctx.path(o.errorPath, BulkErrorKey.InvalidErrorPath);
  const csv = await readCsv(csvFile, {
    fieldDelimiter: o.fieldDelimiter,
    stringDelimiter: o.stringDelimiter,
    headersIncluded: o.headersIncluded,
  });
  const mapped = o.fieldMapping.filter((m) => m.Checked && m.FieldID > 0);
  if (mapped.length === 0) throw bulkError(BulkErrorKey.MappingRequired);
  if (o.filePathColumn === undefined || o.filePathColumn < 0) throw bulkError(BulkErrorKey.FilePathRequired);
  const zipFile = o.zipPath ? ctx.path(o.zipPath, BulkErrorKey.InvalidCsvPath) : undefined;

  let api: ApiClient;
  try {
    api = openApi(ctx.apiPath(), o.token);
  } catch (err) {
    if (err instanceof BulkError) throw err;
    throw bulkError(BulkErrorKey.ApiUnavailable, 502);
  }
  try {
    const db = o.database;
    await api
      .json('POST', `dbs/${db}/bulk/import`, { ArchiveID: o.archive, Rows: [] })
      .catch((err: unknown) => {
        if (err instanceof ApiFailure && err.status === 403)
          throw bulkError(
            /read-only/i.test(err.message)
              ? BulkErrorKey.ReadOnlyLicense
              : BulkErrorKey.FailedDueToPermissions,
            403,
          );
        if (err instanceof ApiFailure && err.status === 404)
          throw bulkError(BulkErrorKey.FailedDueToPermissions, 403);
        throw err;
      });
    const fields = await api.json<FieldDefinition[]>('GET', `dbs/${db}/archives/${o.archive}?type=fields`);
    const byId = new Map(fields.map((f) => [f.ID, f]));
    const first = csv.rows[0] ?? [];
    for (const m of mapped) {
      const f = byId.get(m.FieldID);
      const disabled = f ? (f.Prop & IMPORT_DISABLED_FIELD_PROPS) !== 0 && !o.overwriteSystem : true;
      if (!f || disabled || hasFlag(f.Prop, FieldProp.TableField))
        throw bulkError(BulkErrorKey.FieldNotImportable);
      if (!fitsType(f, first[m.RowID] ?? '')) throw bulkError(BulkErrorKey.ImportDatatypeMismatch);
    }
    const have = new Set(mapped.map((m) => m.FieldID));
    const missing = fields.filter(
      (f) => hasFlag(f.Prop, FieldProp.Required) && (f.Prop & SYSTEM_FIELD_PROPS) === 0 && !have.has(f.ID),
    );
    if (missing.length) throw bulkError(BulkErrorKey.ImportMissingFields);
    let base = dirname(csvFile);
    let scratch: string | undefined;
    if (zipFile) {
      scratch = join(ctx.root, 'tmp', `import-${randomUUID()}`);
      try {
        await extractZip(zipFile, scratch);
      } catch {
        await rm(scratch, { recursive: true, force: true });
        throw bulkError(BulkErrorKey.FileNotFound);
      }
      base = scratch;
    }
    return { o, api, csv, archive: o.archive, base, scratch, mapped, pathColumn: o.filePathColumn };
  } catch (err) {
    await api.release();
    throw err;
  }
}

/** Batches sent before the oldest one has answered. */
const IN_FLIGHT = 2;
/** Document files uploaded at the same time. */
const UPLOADS_AT_ONCE = 6;

/** Run `work` on every item, at most `limit` at a time; the first failure stops the rest. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

const logLine = (job: Job, file: string, text: string): void =>
  job.note(`FileName/Document Id: ${file}: ${text}`);

export async function runImport(ctx: BulkContext, p: PreparedImport, job: Job): Promise<string> {
  const { o, csv } = p;
  job.status.Total = csv.rows.length;
  const root = resolve(ctx.root);
  // each distinct file is uploaded once per job; the API keeps it until the last batch releases it
  const uploads = new Map<string, string | Error>();
  // two batches in flight keep the API busy while the next one is built; answers in order
  const queue: {
    from: number;
    to: number;
    names: Map<number, string>;
    answer: Promise<BulkApiImportResponse>;
  }[] = [];
  let lastSent = 0;
  const settle = async (): Promise<void> => {
    const oldest = queue.shift();
    if (!oldest) return;
    let res: BulkApiImportResponse;
    try {
      res = await oldest.answer;
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      job.note(
        `Stopped at row ${oldest.from} of ${csv.rows.length}: ${why}. Rows before ${oldest.from} were imported; rows ${oldest.from} to ${lastSent} were sent in batches each imported wholly or not at all; later rows were not imported.`,
      );
      throw err;
    }
    for (const r of res.Results) {
      if (r.Ok) job.status.Succeeded++;
      else {
        job.status.Failed++;
        logLine(job, oldest.names.get(r.Row) ?? `row ${r.Row}`, r.Message);
      }
    }
    job.status.Processed = Math.max(job.status.Processed, oldest.to);
  };
  try {
    const fileOf = (row: string[]): { given: string; abs: string } => {
      const given = (row[p.pathColumn] ?? '').trim();
      return { given, abs: resolve(p.base, ...given.split(/[\\/]+/).filter((s) => s !== '')) };
    };
    const inside = (abs: string): boolean =>
      abs.startsWith(root + sep) || abs.startsWith(resolve(p.base) + sep);
    for (let start = 0; start < csv.rows.length && !job.cancelled; start += ctx.batchSize) {
      const slice = csv.rows.slice(start, start + ctx.batchSize);
      const last = start + ctx.batchSize >= csv.rows.length;
      // the batch's files not sent yet go up a few at a time, before the rows are built
      const fresh = new Set<string>();
      for (const row of slice) {
        const { given, abs } = fileOf(row);
        if (given && inside(abs) && !uploads.has(abs)) fresh.add(abs);
      }
      await eachLimited([...fresh], UPLOADS_AT_ONCE, async (abs) => {
        try {
          const name = abs.split(sep).pop() ?? 'file';
          uploads.set(abs, await p.api.upload(name, await readFile(abs)));
        } catch (err) {
          if (err instanceof ApiFailure && err.status >= 500) throw err;
          uploads.set(abs, err instanceof Error ? err : new Error(String(err)));
        }
      });
      const rows: BulkApiImportRequest['Rows'] = [];
      const names = new Map<number, string>();
      for (let i = 0; i < slice.length; i++) {
        const row = slice[i] ?? [];
        const rowNo = start + i + 1;
        const { given, abs } = fileOf(row);
        names.set(rowNo, given || `row ${rowNo}`);
        if (!given || !inside(abs)) {
          logLine(job, given || `row ${rowNo}`, 'The file path is missing or outside the data folder.');
          job.status.Failed++;
          continue;
        }
        const cached = uploads.get(abs) ?? new Error('The file was not uploaded.');
        if (cached instanceof Error) {
          logLine(job, given, `The file cannot be read: ${cached.message}`);
          job.status.Failed++;
          continue;
        }
        const fields = p.mapped.flatMap((m) => {
          const raw = row[m.RowID] ?? '';
          const v = o.useString ? raw : raw.trim();
          return v === '' && !o.useString ? [] : [{ FieldID: m.FieldID, Value: v }];
        });
        rows.push({ Row: rowNo, Fields: fields, File: cached, FileName: given.split(/[\\/]/).pop() });
      }
      // the last batch releases the uploads, so it goes only when every other batch has answered
      if (last) while (queue.length) await settle();
      const answer = p.api.json<BulkApiImportResponse>('POST', `dbs/${o.database}/bulk/import`, {
        ArchiveID: p.archive,
        OverwriteSystem: o.overwriteSystem,
        Release: last ? [...uploads.values()].filter((u): u is string => typeof u === 'string') : [],
        Rows: rows,
      });
      answer.catch(() => undefined); // taken (and reported) in order by settle()
      lastSent = start + slice.length;
      queue.push({ from: start + 1, to: start + slice.length, names, answer });
      if (queue.length >= IN_FLIGHT) await settle();
    }
    while (queue.length) await settle();
  } finally {
    await p.api.release();
    if (p.scratch) await rm(p.scratch, { recursive: true, force: true });
  }
  return `${job.status.Succeeded} documents imported, ${job.status.Failed} failed.`;
}
