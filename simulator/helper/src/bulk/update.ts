// Bulk update and count (spec §4-5): every rule is checked before a job starts (400 with a Key),
// then the job turns its mode's input into document updates and sends them to the API in batches
// (POST dbs/{db}/bulk/update, one transaction each). Failures of single documents are logged as
// 'DocID {id}: {text}'; when the API stops answering, the log's last line says at which row the
// job stopped (every earlier row is applied; the batch in flight is wholly applied or not at all).
//   simple               Values on every document a search finds (all pages, all archives)
//   documentSelectUpdate Values on the given Docs
//   csvupdate            per row: archive ID and DocID columns, data columns → fields
//   csvsearchupdate      per row: the search with the mapped prompt columns, ReplaceInfo → fields
import {
  BULK_PREVIEW_LIMIT,
  BULK_UPDATE_TYPES,
  BulkErrorKey,
  type BulkApiUpdateResponse,
  type BulkFieldValue,
  type BulkPreviewRow,
  type BulkResolveResponse,
} from '@gs/contract/helperBulk';
import {
  ArchiveFlags,
  FieldProp,
  FieldType,
  PseudoField,
  SYSTEM_FIELD_PROPS,
  hasFlag,
} from '@gs/contract/flags';
import type { FieldDefinition } from '@gs/contract/fields';
import type { Search } from '@gs/contract/searches';
import { ApiFailure, openApi, type ApiClient } from './api';
import type { BulkContext } from './context';
import { readCsv, type CsvData } from './csv';
import { BulkError, bulkError } from './errors';
import type { Job } from './jobs';
import type { Options } from './options';

interface Update {
  /** 1-based data row (or document number) the update comes from */
  row: number;
  ArchiveID: number;
  DocID: number;
  Fields: BulkFieldValue[];
}

export interface Prepared {
  o: Options;
  api: ApiClient;
  csv?: CsvData;
  search?: Search;
  fields: Map<number, FieldDefinition[]>;
}

const INT = /^-?\d{1,19}$/;
const DEC = /^-?(\d+\.?\d*|\.\d+)$/;
const DATE = /^(\d{1,2}\/\d{1,2}\/\d{4}|\d{4}-\d{2}-\d{2}(?:[T ].*)?)$/;

/** A value fits its field's type (lists, lengths and RegEx are the API's checks). */
export function fitsType(f: FieldDefinition, value: string): boolean {
  const v = value.trim();
  if (v === '') return true;
  if (f.Type === FieldType.Integer) return INT.test(v);
  if (f.Type === FieldType.Decimal) return DEC.test(v);
  if (f.Type === FieldType.Date) return DATE.test(v);
  return true;
}

const cell = (o: Options, row: string[], col: number): string | undefined => {
  const raw = row[col] ?? '';
  if (o.useString) return raw;
  const v = raw.trim();
  return v === '' ? undefined : v;
};

async function archiveFields(api: ApiClient, db: number, archive: number): Promise<FieldDefinition[]> {
  return api.json<FieldDefinition[]>('GET', `dbs/${db}/archives/${archive}?type=fields`);
}

async function requireNotRevision(api: ApiClient, db: number, archive: number): Promise<void> {
  const info = await api.json<{ DBProperties: number }>('GET', `dbs/${db}/archives/${archive}?type=info`);
  if (hasFlag(info.DBProperties, ArchiveFlags.RevisionControl)) throw bulkError(BulkErrorKey.RevisionArchive);
}

/** The mapped fields exist, fit their columns' values (first row) and are no system fields. */
function checkMapped(p: Prepared, mapped: { FieldID: number; sample?: string }[]): void {
  const all = [...p.fields.values()].flat();
  for (const m of mapped) {
    const f = all.find((x) => x.ID === m.FieldID);
    if (!f)
      throw bulkError(BulkErrorKey.InvalidValue, 400, `Field ${m.FieldID} is not a field of the archive.`);
    if ((f.Prop & (SYSTEM_FIELD_PROPS | FieldProp.TableField)) !== 0 && !p.o.overwriteSystem)
      throw bulkError(BulkErrorKey.SystemField);
    if (m.sample !== undefined && !fitsType(f, m.sample)) throw bulkError(BulkErrorKey.InvalidValue);
  }
}

async function loadSearch(p: Prepared, id: number | undefined, missing: BulkError): Promise<Search> {
  if (id === undefined) throw missing;
  try {
    const [search] = await p.api.json<Search[]>('GET', `dbs/${p.o.database}/searches/${id}`);
    if (!search) throw missing;
    return search;
  } catch (err) {
    if (err instanceof ApiFailure && err.status === 404) throw missing;
    throw err;
  }
}

const searchArchives = (p: Prepared, search: Search, only?: number): number[] =>
  search.Archives.map((a) => a.ID).filter((a) => only === undefined || a === only);

/** Every check of spec §5 for the mode; 400 BulkError on the first that fails. */
export async function prepareUpdate(ctx: BulkContext, o: Options): Promise<Prepared> {
  if (!(BULK_UPDATE_TYPES as readonly string[]).includes(o.type))
    throw bulkError(BulkErrorKey.IncorrectParameters);
  const csvMode = o.type === 'csvupdate' || o.type === 'csvsearchupdate';
  let csv: CsvData | undefined;
  if (csvMode) {
    if (!o.csvPath) throw bulkError(BulkErrorKey.InvalidCsvPath);
    const file = ctx.path(o.csvPath, BulkErrorKey.InvalidCsvPath);
    if (o.errorPath) ctx.path(o.errorPath, BulkErrorKey.InvalidErrorPath);
    csv = await readCsv(file, {
      fieldDelimiter: o.fieldDelimiter,
      stringDelimiter: o.stringDelimiter,
      headersIncluded: o.headersIncluded,
    });
  } else if (o.errorPath) ctx.path(o.errorPath, BulkErrorKey.InvalidErrorPath);
  if (o.type === 'csvupdate') {
    const ids = new Set(o.fieldMapping.filter((m) => m.FieldID <= 0).map((m) => m.FieldID));
    if (!o.fieldMapping.some((m) => m.Checked && m.FieldID > 0))
      throw bulkError(BulkErrorKey.MappingRequired);
    if (!ids.has(PseudoField.DocumentId) || !ids.has(PseudoField.ArchiveId))
      throw bulkError(BulkErrorKey.IdsRequired);
  }
  if (o.type === 'csvsearchupdate') {
    if (!o.searchInfo) throw bulkError(BulkErrorKey.DirectSearchRequired);
    if (o.replaceInfo.length === 0) throw bulkError(BulkErrorKey.MappingRequired);
  }
  if (o.type === 'simple' || o.type === 'documentSelectUpdate') {
    if (o.values.length === 0) throw bulkError(BulkErrorKey.ValuesRequired);
    if (o.type === 'documentSelectUpdate' && o.docs.length === 0)
      throw bulkError(BulkErrorKey.NoDocumentsSelected);
    if (o.type === 'simple' && o.searchId === undefined) throw bulkError(BulkErrorKey.SearchRequired);
  }

  let api: ApiClient;
  try {
    api = openApi(ctx.apiPath(), o.token);
  } catch (err) {
    if (err instanceof BulkError) throw err;
    throw bulkError(BulkErrorKey.ApiUnavailable, 502);
  }
  const p: Prepared = { o, api, csv, fields: new Map() };
  try {
    // a read-only licence is refused by the API before anything else
    await api
      .json('POST', `dbs/${o.database}/bulk/update`, { Updates: [], DryRun: true })
      .catch((err: unknown) => {
        if (err instanceof ApiFailure && err.status === 403)
          throw bulkError(BulkErrorKey.ReadOnlyLicense, 403);
        throw err;
      });
    let archives: number[] = [];
    if (o.type === 'simple') {
      p.search = await loadSearch(p, o.searchId, bulkError(BulkErrorKey.SearchRequired));
      archives = searchArchives(p, p.search, o.archive);
    } else if (o.type === 'csvsearchupdate' && o.searchInfo) {
      p.search = await loadSearch(p, o.searchInfo.SearchID, bulkError(BulkErrorKey.DirectSearchRequired));
      archives = searchArchives(p, p.search, o.searchInfo.ArchiveID);
      const mapped = new Set(o.searchInfo.Prompts.map((m) => m.PromptID));
      if (p.search.Detail.some((d) => !mapped.has(d.ID))) throw bulkError(BulkErrorKey.SearchMappingRequired);
    } else if (o.type === 'documentSelectUpdate') {
      archives = [...new Set(o.docs.map((d) => d.ArchiveID))];
    } else if (o.type === 'csvupdate' && csv) {
      const col = o.fieldMapping.find((m) => m.FieldID === PseudoField.ArchiveId)?.RowID ?? -1;
      const seen = new Set<number>();
      for (const row of csv.rows) {
        const n = Number((row[col] ?? '').trim());
        if (Number.isSafeInteger(n) && n > 0) seen.add(n);
        if (seen.size > 50) break;
      }
      archives = [...seen];
    }
    for (const a of archives) {
      try {
        await requireNotRevision(api, o.database, a);
        p.fields.set(a, await archiveFields(api, o.database, a));
      } catch (err) {
        if (err instanceof ApiFailure && err.status === 404 && o.type === 'csvupdate') continue; // logged per row
        if (err instanceof ApiFailure && err.status === 404)
          throw bulkError(BulkErrorKey.FailedDueToPermissions, 403);
        throw err;
      }
    }
    const first = csv?.rows[0] ?? [];
    if (o.type === 'csvupdate')
      checkMapped(
        p,
        o.fieldMapping
          .filter((m) => m.Checked && m.FieldID > 0)
          .map((m) => ({ FieldID: m.FieldID, sample: first[m.RowID] })),
      );
    if (o.type === 'csvsearchupdate')
      checkMapped(
        p,
        o.replaceInfo.map((m) => ({ FieldID: m.FieldID, sample: first[m.ColumnID] })),
      );
    if (o.type === 'simple' || o.type === 'documentSelectUpdate')
      checkMapped(
        p,
        o.values.map((v) => ({ FieldID: v.FieldID, sample: v.Value })),
      );
    return p;
  } catch (err) {
    await api.release();
    throw err;
  }
}

async function resolveSearch(
  p: Prepared,
  searchId: number,
  archive: number | undefined,
  criteria: Record<string, string> | undefined,
): Promise<BulkResolveResponse['Documents']> {
  const r = await p.api.json<BulkResolveResponse>('POST', `dbs/${p.o.database}/bulk/resolve`, {
    SearchID: searchId,
    Archive: archive,
    SearchCriteria: criteria,
  });
  return r.Documents;
}

/** The updates of the job, produced lazily (csvsearchupdate runs a search per row). */
async function* updatesOf(p: Prepared, job: Job): AsyncGenerator<Update> {
  const { o, csv } = p;
  if (o.type === 'simple' && o.searchId !== undefined) {
    const docs = await resolveSearch(p, o.searchId, o.archive, o.searchCriteria);
    job.status.Total = docs.length;
    let i = 0;
    for (const d of docs) yield { row: ++i, ...d, Fields: o.values };
  } else if (o.type === 'documentSelectUpdate') {
    job.status.Total = o.docs.length;
    let i = 0;
    for (const d of o.docs) yield { row: ++i, ArchiveID: d.ArchiveID, DocID: d.DocID, Fields: o.values };
  } else if (o.type === 'csvupdate' && csv) {
    job.status.Total = csv.rows.length;
    const docCol = o.fieldMapping.find((m) => m.FieldID === PseudoField.DocumentId)?.RowID ?? -1;
    const archCol = o.fieldMapping.find((m) => m.FieldID === PseudoField.ArchiveId)?.RowID ?? -1;
    const data = o.fieldMapping.filter((m) => m.Checked && m.FieldID > 0);
    for (let i = 0; i < csv.rows.length; i++) {
      const row = csv.rows[i] ?? [];
      const docText = (row[docCol] ?? '').trim();
      const doc = Number(docText);
      const archive = Number((row[archCol] ?? '').trim());
      if (!/^\d+$/.test(docText) || !Number.isSafeInteger(archive) || archive <= 0) {
        job.log(docText || `row ${i + 1}`, 'The archive ID or DocID is not a valid id.');
        job.status.Failed++;
        job.status.Processed++;
        continue;
      }
      const fields: BulkFieldValue[] = [];
      for (const m of data) {
        const v = cell(o, row, m.RowID);
        if (v !== undefined) fields.push({ FieldID: m.FieldID, Value: v });
      }
      yield { row: i + 1, ArchiveID: archive, DocID: doc, Fields: fields };
    }
  } else if (o.type === 'csvsearchupdate' && csv && o.searchInfo) {
    const info = o.searchInfo;
    for (let i = 0; i < csv.rows.length; i++) {
      const row = csv.rows[i] ?? [];
      const criteria = Object.fromEntries(
        info.Prompts.map((m) => [String(m.PromptID), (row[m.ColumnID] ?? '').trim()]),
      );
      const docs = await resolveSearch(p, info.SearchID, info.ArchiveID, criteria);
      if (docs.length === 0) {
        job.log(`row ${i + 1}`, 'No document matches the search.');
        job.status.Failed++;
      }
      job.status.Total += docs.length;
      const fields: BulkFieldValue[] = [];
      for (const m of o.replaceInfo) {
        const v = cell(o, row, m.ColumnID);
        if (v !== undefined) fields.push({ FieldID: m.FieldID, Value: v });
      }
      for (const d of docs) yield { row: i + 1, ...d, Fields: fields };
    }
  }
}

const reason = (err: unknown): string =>
  err instanceof ApiFailure
    ? `${err.status} ${err.message}`
    : err instanceof Error
      ? err.message
      : String(err);

/** The count job: how many documents the update touches. */
export async function runCount(p: Prepared, job: Job): Promise<string> {
  try {
    let n = 0;
    for await (const u of updatesOf(p, job)) {
      void u;
      n++;
      job.status.Processed = n;
    }
    job.status.Count = n;
    job.status.Total = Math.max(job.status.Total, n);
    return `${n} documents will be updated.`;
  } finally {
    await p.api.release();
  }
}

/** The update job (or its dry run). */
/** Batches sent before the oldest one has answered (the API applies them one after another). */
const IN_FLIGHT = 2;

export async function runUpdate(p: Prepared, job: Job, batchSize: number): Promise<string> {
  const { o } = p;
  const preview: BulkPreviewRow[] = [];
  let batch: Update[] = [];
  let count = 0;
  let lastSent = 0;
  // two batches in flight keep the API busy while the next one is built; answers are taken in
  // order, so when one fails every earlier batch is known to be applied
  const queue: { from: number; size: number; answer: Promise<BulkApiUpdateResponse> }[] = [];
  const launch = (): void => {
    if (batch.length === 0) return;
    const sending = batch;
    batch = [];
    const answer = p.api.json<BulkApiUpdateResponse>('POST', `dbs/${o.database}/bulk/update`, {
      Updates: sending.map((u) => ({ ArchiveID: u.ArchiveID, DocID: u.DocID, Fields: u.Fields })),
      OverwriteSystem: o.overwriteSystem,
      DryRun: o.dryRun,
    });
    answer.catch(() => undefined); // taken (and reported) in order by settle()
    lastSent = sending[sending.length - 1]?.row ?? lastSent;
    queue.push({ from: sending[0]?.row ?? 0, size: sending.length, answer });
  };
  const settle = async (): Promise<void> => {
    const oldest = queue.shift();
    if (!oldest) return;
    let res: BulkApiUpdateResponse;
    try {
      res = await oldest.answer;
    } catch (err) {
      const from = oldest.from;
      job.note(
        `Stopped at row ${from} of ${job.status.Total}: ${reason(err)}. Rows before ${from} were applied; rows ${from} to ${lastSent} were sent in batches each applied wholly or not at all; later rows were not applied.`,
      );
      throw err;
    }
    for (const r of res.Results) {
      if (r.Ok) job.status.Succeeded++;
      else {
        job.status.Failed++;
        job.log(r.DocID, r.Message);
      }
      if (o.dryRun && preview.length < BULK_PREVIEW_LIMIT)
        preview.push({
          ArchiveID: r.ArchiveID,
          DocID: r.DocID,
          Fields: r.Fields ?? [],
          ...(r.Ok ? {} : { Error: r.Message }),
        });
    }
    job.status.Processed += oldest.size;
  };
  try {
    for await (const u of updatesOf(p, job)) {
      count++;
      if (o.dryRun && count > BULK_PREVIEW_LIMIT) continue;
      batch.push(u);
      if (batch.length >= batchSize) {
        launch();
        if (queue.length >= IN_FLIGHT) await settle();
      }
      if (job.cancelled) {
        job.note(`Stopped at row ${u.row} of ${job.status.Total}: cancelled.`);
        break;
      }
    }
    if (!job.cancelled) launch();
    while (queue.length) await settle();
  } finally {
    await p.api.release();
  }
  job.status.Count = count;
  if (o.dryRun) {
    job.status.Preview = preview;
    return `Preview of ${preview.length} of ${count} documents; nothing was written.`;
  }
  return `${job.status.Succeeded} documents updated, ${job.status.Failed} failed.`;
}
