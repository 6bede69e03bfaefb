// Request bodies in any key casing (the spec's option object mixes csvPath and FieldMapping):
// every key is read case-insensitively and typed here, once.
import type {
  BulkDocRef,
  BulkFieldValue,
  FieldMapping,
  ReplaceInfo,
  SearchInfo,
} from '@gs/contract/helperBulk';
import { BulkErrorKey } from '@gs/contract/helperBulk';
import { MAX_CRITERION_LENGTH } from '@gs/contract/searches';
import { bulkError } from './errors';

type Obj = Record<string, unknown>;

/** Deeper than any option object of the spec; a deeper body is refused, never recursed into. */
export const MAX_OPTION_DEPTH = 16;

const lower = (v: unknown, depth = 0): unknown => {
  if (v === null || typeof v !== 'object') return v;
  if (depth >= MAX_OPTION_DEPTH)
    throw bulkError(BulkErrorKey.IncorrectParameters, 400, 'The request nests objects too deeply.');
  if (Array.isArray(v)) return v.map((x) => lower(x, depth + 1));
  return Object.fromEntries(Object.entries(v as Obj).map(([k, x]) => [k.toLowerCase(), lower(x, depth + 1)]));
};

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && /^\s*-?\d{1,10}\s*$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : undefined;
};
const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
const bool = (v: unknown): boolean => v === true || (typeof v === 'string' && v.toLowerCase() === 'true');
const arr = (v: unknown): Obj[] =>
  Array.isArray(v) ? v.filter((x): x is Obj => !!x && typeof x === 'object') : [];

const need = (n: number | undefined): number => {
  if (n === undefined) throw bulkError(BulkErrorKey.IncorrectParameters);
  return n;
};

export interface Options {
  raw: Obj;
  type: string;
  database: number;
  archive?: number;
  searchId?: number;
  searchCriteria?: Record<string, string>;
  values: BulkFieldValue[];
  docs: (BulkDocRef & { Hash?: string })[];
  fieldMapping: FieldMapping[];
  searchInfo?: SearchInfo;
  replaceInfo: ReplaceInfo[];
  csvPath?: string;
  errorPath?: string;
  fieldDelimiter?: string;
  stringDelimiter?: string;
  headersIncluded: boolean;
  useString: boolean;
  overwriteSystem: boolean;
  dryRun: boolean;
  token?: string;
  filePathColumn?: number;
  zipPath?: string;
  filePath?: string;
  filename?: string;
  csvFile?: string;
  convertToPdf: boolean;
  withAnnotations: boolean;
  convertToBw: boolean;
  exportWithCsv: boolean;
  exportWithMappedFields: boolean;
}

/** The search's prompt values; one over the API's limit is refused here, before any job starts. */
function criteriaOf(criteria: Obj): Record<string, string> {
  const values = Object.entries(criteria).map(([k, v]) => [k, str(v) ?? ''] as const);
  if (values.some(([, v]) => v.length > MAX_CRITERION_LENGTH))
    throw bulkError(
      BulkErrorKey.IncorrectParameters,
      400,
      `A SearchCriteria value is longer than ${MAX_CRITERION_LENGTH} characters.`,
    );
  return Object.fromEntries(values);
}

/** `token`: the request's checked token (requireUser); a token in the body is never used instead. */
export function readOptions(body: unknown, token: string | undefined): Options {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw bulkError(BulkErrorKey.IncorrectParameters);
  const b = lower(body) as Obj;
  const criteria =
    b.searchcriteria && typeof b.searchcriteria === 'object' ? (b.searchcriteria as Obj) : undefined;
  const info = b.searchinfo && typeof b.searchinfo === 'object' ? (b.searchinfo as Obj) : undefined;
  const searchInfoId = info ? num(info.searchid) : undefined;
  return {
    raw: b,
    type: str(b.type) ?? '',
    database: need(num(b.database)),
    archive: num(b.archive),
    searchId: num(b.searchid),
    searchCriteria: criteria ? criteriaOf(criteria) : undefined,
    values: arr(b.values).map((v) => ({ FieldID: need(num(v.fieldid)), Value: str(v.value) ?? '' })),
    docs: arr(b.docs).map((d) => ({
      ArchiveID: need(num(d.archiveid ?? d.archive)),
      DocID: need(num(d.docid ?? d.id)),
      Hash: str(d.hash),
    })),
    fieldMapping: arr(b.fieldmapping).map((m) => ({
      FieldID: need(num(m.fieldid)),
      RowID: need(num(m.rowid)),
      Checked: m.checked === undefined ? true : bool(m.checked),
    })),
    searchInfo:
      info && searchInfoId !== undefined
        ? {
            SearchID: searchInfoId,
            ArchiveID: num(info.archiveid ?? info.archive),
            Prompts: arr(info.prompts).map((p) => ({
              PromptID: need(num(p.promptid)),
              ColumnID: need(num(p.columnid)),
            })),
          }
        : undefined,
    replaceInfo: arr(b.replaceinfo).map((r) => ({
      FieldID: need(num(r.fieldid)),
      ColumnID: need(num(r.columnid)),
    })),
    csvPath: str(b.csvpath),
    errorPath: str(b.errorpath),
    fieldDelimiter: str(b.fielddelimiter),
    stringDelimiter: str(b.stringdelimiter),
    headersIncluded: bool(b.headersincluded),
    useString: bool(b.usestring),
    overwriteSystem: bool(b.overwritesystem),
    dryRun: bool(b.dryrun),
    token,
    filePathColumn: num(b.filepathcolumn),
    zipPath: str(b.zippath),
    filePath: str(b.filepath),
    filename: str(b.filename),
    csvFile: str(b.csvfile),
    convertToPdf: bool(b.converttopdf),
    withAnnotations: bool(b.withannotations),
    convertToBw: bool(b.converttobw),
    exportWithCsv: bool(b.exportwithcsv),
    exportWithMappedFields: bool(b.exportwithmappedfields),
  };
}
