// Readers of the bulk update and import bodies (thousands of items a call). They take any key
// casing, as every route does, but read each key in place instead of copying the whole body into
// lower-case keys and then through a schema: on a 10,000-document batch that copying cost more
// than the checks themselves. A bad body is a 400 naming the path of the first bad value.
import type { BulkApiImportRequest, BulkApiUpdateRequest, BulkFieldValue } from '@gs/contract/helperBulk';
import { badRequest } from '../../http/errors';

type Json = Record<string, unknown>;

const invalid = (path: string, what: string): Error =>
  badRequest(`The request body is not valid: ${path} ${what}`);

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The value of `key` (given in its usual PascalCase) in any casing. */
function field(obj: Json, key: string): unknown {
  if (key in obj) return obj[key];
  const wanted = key.toLowerCase();
  for (const k in obj) if (k.toLowerCase() === wanted) return obj[k];
  return undefined;
}

const INT = /^\s*-?\d{1,10}\s*$/;

function id(v: unknown, path: string): number {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && INT.test(v)) return Number(v);
  throw invalid(path, 'must be a whole number');
}

function text(v: unknown, path: string): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw invalid(path, 'must be text');
}

function flag(v: unknown, path: string): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'boolean') return v;
  throw invalid(path, 'must be true or false');
}

function list(v: unknown, path: string, max: number): unknown[] {
  if (!Array.isArray(v)) throw invalid(path, 'must be a list');
  if (v.length > max) throw invalid(path, `holds more than ${max} items`);
  return v;
}

function object(v: unknown, path: string): Json {
  if (!isObject(v)) throw invalid(path, 'must be an object');
  return v;
}

function fieldValues(v: unknown, path: string): BulkFieldValue[] {
  const items = list(v, path, Number.MAX_SAFE_INTEGER);
  const out: BulkFieldValue[] = new Array<BulkFieldValue>(items.length);
  for (let i = 0; i < items.length; i++) {
    const at = `${path}.${i}`;
    const f = object(items[i], at);
    out[i] = {
      FieldID: id(field(f, 'FieldID'), `${at}.FieldID`),
      Value: text(field(f, 'Value'), `${at}.Value`),
    };
  }
  return out;
}

export function readBulkUpdate(body: unknown, max: number): Required<BulkApiUpdateRequest> {
  const b = object(body, 'body');
  const items = list(field(b, 'Updates'), 'Updates', max);
  const updates: BulkApiUpdateRequest['Updates'] = new Array<BulkApiUpdateRequest['Updates'][number]>(
    items.length,
  );
  for (let i = 0; i < items.length; i++) {
    const at = `Updates.${i}`;
    const u = object(items[i], at);
    updates[i] = {
      ArchiveID: id(field(u, 'ArchiveID'), `${at}.ArchiveID`),
      DocID: id(field(u, 'DocID'), `${at}.DocID`),
      Fields: fieldValues(field(u, 'Fields'), `${at}.Fields`),
    };
  }
  return {
    Updates: updates,
    OverwriteSystem: flag(field(b, 'OverwriteSystem'), 'OverwriteSystem'),
    DryRun: flag(field(b, 'DryRun'), 'DryRun'),
  };
}

export function readBulkImport(body: unknown, max: number): BulkApiImportRequest {
  const b = object(body, 'body');
  const items = list(field(b, 'Rows'), 'Rows', max);
  const rows: BulkApiImportRequest['Rows'] = new Array<BulkApiImportRequest['Rows'][number]>(items.length);
  for (let i = 0; i < items.length; i++) {
    const at = `Rows.${i}`;
    const r = object(items[i], at);
    const file = field(r, 'File');
    const name = field(r, 'FileName');
    rows[i] = {
      Row: id(field(r, 'Row'), `${at}.Row`),
      Fields: fieldValues(field(r, 'Fields'), `${at}.Fields`),
      ...(file === undefined || file === null ? {} : { File: text(file, `${at}.File`) }),
      ...(name === undefined || name === null ? {} : { FileName: text(name, `${at}.FileName`) }),
    };
  }
  const release = field(b, 'Release');
  return {
    ArchiveID: id(field(b, 'ArchiveID'), 'ArchiveID'),
    OverwriteSystem: flag(field(b, 'OverwriteSystem'), 'OverwriteSystem'),
    ...(release === undefined || release === null
      ? {}
      : {
          Release: list(release, 'Release', Number.MAX_SAFE_INTEGER).map((v, i) => text(v, `Release.${i}`)),
        }),
    Rows: rows,
  };
}
