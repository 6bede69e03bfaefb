// Writes copied or made documents: their spooled files moved to files/{db}/{archive}/ with the
// bytes as read, their rows (wire text turned back into the stored form of services/fieldValues.ts), and
// their history. The search structures are rebuilt once afterwards, as the seed does.
import { mkdirSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Db } from '@gs/simulator-api/db/connection';
import { parseDate, parseDecimal, parseInteger } from '@gs/simulator-api/fields/services/fieldValues';
import { FieldProp, FieldType, type FieldTypeCode } from '@gs/contract/flags';
import { auditInserter, documentInserter } from '@gs/simulator-fixtures/builders';
import { resumeSearchSchema, suspendSearchSchema } from '@gs/simulator-fixtures/bulkLoad';
import { pad } from '@gs/simulator-fixtures/random';
import type { SnapDatabase, SnapDocument } from './model';
import type { Written } from './writeCatalogue';

const US_TIME = /^(\d{1,2}\/\d{1,2}\/\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?$/i;
const ISO_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/;

/** A wire date (MM/DD/YYYY, with a time of day if any, or ISO) as stored: YYYY-MM-DD[THH:MM:SS]. */
export function storedDate(text: string): string | undefined {
  const v = text.trim();
  const withTime = US_TIME.exec(v) ?? ISO_TIME.exec(v);
  if (!withTime) return parseDate(v);
  const day = parseDate(withTime[1] ?? '');
  if (!day) return undefined;
  let hour = Number(withTime[2]);
  const ampm = withTime[5]?.toUpperCase();
  if (ampm === 'PM' && hour < 12) hour += 12;
  if (ampm === 'AM' && hour === 12) hour = 0;
  const two = (n: number | string) => String(n).padStart(2, '0');
  return `${day}T${two(hour)}:${two(withTime[3] ?? '0')}:${two(withTime[4] ?? '0')}`;
}

/** The stored form of a wire value of this type; undefined when it is not one. */
export function storedValue(type: FieldTypeCode, text: string): string | number | bigint | undefined {
  if (text.trim() === '') return undefined;
  if (type === FieldType.Integer) return parseInteger(text);
  if (type === FieldType.Decimal) return parseDecimal(text.replace(/[$,\s]/g, ''));
  if (type === FieldType.Date) return storedDate(text);
  return text;
}

export interface WrittenDocuments {
  documents: number;
  bytes: number;
}

export function writeDocuments(
  db: Db,
  dbs: SnapDatabase[],
  written: Written,
  docs: readonly SnapDocument[],
  filesDir: string,
  seedingUser: string,
): WrittenDocuments {
  const audit = auditInserter(db);
  const sequence = new Map<number, number>();
  let bytes = 0;
  const touched = [...new Set(docs.flatMap((d) => written.databases.get(d.dbId)?.id ?? []))];
  db.transaction(() => {
    touched.forEach((id) => suspendSearchSchema(db, id));
    for (const snapDb of dbs) {
      const ids = written.databases.get(snapDb.id);
      if (!ids) continue;
      const fieldIds = [...ids.fields.values()];
      const insert = documentInserter(db, ids.id, fieldIds);
      for (const d of docs.filter((x) => x.dbId === snapDb.id)) {
        const archiveId = ids.archives.get(d.archiveId);
        if (!archiveId) continue;
        const n = (sequence.get(archiveId) ?? 0) + 1;
        sequence.set(archiveId, n);
        const ext = /^\.[\w]{1,8}$/.test(d.fileType) ? d.fileType.toLowerCase() : '.bin';
        const filePath = `${ids.id}/${archiveId}/${pad(n, 5)}${ext}`;
        mkdirSync(dirname(join(filesDir, filePath)), { recursive: true });
        renameSync(d.file.path, join(filesDir, filePath));
        bytes += d.file.size;
        const times = d.history.map((h) => h.time).filter((t) => t > 0);
        const createdAt = times.length ? Math.min(...times) : Date.now();
        const modifiedAt = times.length ? Math.max(...times) : createdAt;
        const given = new Map(d.values.map((v) => [v.id, v]));
        const values: Record<number, string | number | null> = {};
        const multiValues: Record<number, string[]> = {};
        const pages = d.file.pages;
        for (const f of snapDb.fields) {
          const to = ids.fields.get(f.id);
          if (!to) continue;
          const v = given.get(f.id);
          if (f.prop & FieldProp.MultiValue) {
            const items = (v?.mval.length ? v.mval : v?.val ? [v.val] : []).flatMap((t) => {
              const s = storedValue(f.type, t);
              return s === undefined ? [] : [String(s)];
            });
            if (items.length) multiValues[to] = items;
            continue;
          }
          let stored = v ? storedValue(f.type, v.val) : undefined;
          // what the source did not say of a system field, the seed fills in as the simulator would
          if (stored === undefined && !v) {
            if (f.prop & FieldProp.DateEntered) stored = storedDate(new Date(createdAt).toISOString());
            else if (f.prop & (FieldProp.IndexedBy | FieldProp.LastModifiedBy))
              stored = d.history[0]?.userName ?? seedingUser;
            else if (f.prop & FieldProp.PageCount) stored = pages;
            else if (f.prop & FieldProp.FileType) stored = ext;
          }
          if (stored !== undefined)
            values[to] =
              typeof stored === 'bigint'
                ? Number.isSafeInteger(Number(stored))
                  ? Number(stored)
                  : String(stored)
                : stored;
        }
        const docId = insert({
          archiveId,
          filePath,
          fileType: ext,
          fileSize: d.file.size,
          pageCount: pages,
          createdAt,
          modifiedAt,
          values,
          multiValues,
        });
        for (const h of d.history)
          audit({
            databaseId: ids.id,
            archiveId,
            documentId: docId,
            userName: h.userName,
            category: h.category || 'indexed',
            message: h.message,
            time: h.time || createdAt,
          });
      }
    }
    touched.forEach((id) => resumeSearchSchema(db, id));
  })();
  return { documents: docs.length, bytes };
}
