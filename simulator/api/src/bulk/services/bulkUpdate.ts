// Bulk update of many documents in ONE transaction per call (the helper sends batches): each
// document is checked with the shared field validation (fieldValidation.ts), then written with a
// single UPDATE of its changed columns, its Last Modified By fields and modified_at, plus one
// `updated` history entry naming every change. A document that fails its checks is reported and
// left alone; the others of the batch are written. A crash before the commit leaves the whole
// batch old, so no document is ever half-updated. DryRun checks and reports without writing.
import type { Statement } from 'better-sqlite3';
import type { BulkApiDocResult, BulkFieldValue, BulkPreviewRow } from '@gs/contract/helperBulk';
import { ArchiveFlags, ArchivePermission, FieldProp, hasFlag } from '@gs/contract/flags';
import type { Db } from '../../db/connection';
import type { Repos } from '../../db/repos';
import type { ArchiveRow } from '../../catalog/repos/archivesRepo';
import type { StoredDocument, StoredValue } from '../../fields/repos/documentFieldsRepo';
import type { FieldRule, FieldRulesRepo, SqlList } from '../../fields/repos/fieldRulesRepo';
import { docTable, fieldColumn, mvTable } from '../../documents/repos/docTables';
import type { UserAccess } from '../../security/services/access';
import { createFieldLists, type FieldLists, type SqlListItems } from '../../lists/services/fieldLists';
import { checkField, type FieldWrite } from '../../fields/services/fieldValidation';
import { sameStored, toWireText } from '../../fields/services/fieldValues';

export const REVISION_ARCHIVE_MESSAGE = 'Revision Control documents cannot be updated via Bulk Update.';

export interface BulkUpdateItem {
  ArchiveID: number;
  DocID: number;
  Fields: BulkFieldValue[];
}

export interface BulkUpdateCall {
  databaseId: number;
  access: UserAccess;
  updates: BulkUpdateItem[];
  overwriteSystem: boolean;
  dryRun: boolean;
  userName: string;
  now: number;
  /** the items of the [SQL] lists the updated fields may offer, read first (lists/sqlListItems.ts) */
  sqlItems: ReadonlyMap<number, SqlListItems>;
}

/** List lookups of one batch, memoised (a batch of thousands asks the same few lists). */
export function memoLists(rules: FieldRulesRepo, sqlItems: ReadonlyMap<number, SqlListItems>): FieldLists {
  const items = new Map<number, string[]>();
  const sql = new Map<number, SqlList | undefined>();
  const mapped = new Map<string, number | undefined>();
  const memo: FieldRulesRepo = {
    ...rules,
    sqlList(listId) {
      if (!sql.has(listId)) sql.set(listId, rules.sqlList(listId));
      return sql.get(listId);
    },
    listItems(listId) {
      let v = items.get(listId);
      if (!v) items.set(listId, (v = rules.listItems(listId)));
      return v;
    },
    mappedList(fieldId, primary, secondary) {
      const key = `${fieldId}\u0000${primary.toLowerCase()}\u0000${secondary.toLowerCase()}`;
      if (!mapped.has(key)) mapped.set(key, rules.mappedList(fieldId, primary, secondary));
      return mapped.get(key);
    },
  };
  return createFieldLists(memo, sqlItems);
}

/** What one document of a batch gets written: column values and multi-value lists. */
interface Pending {
  cols: Map<number, StoredValue>;
  multis: Map<number, string[]>;
  /** its history entries: [archive, document, message] */
  audit: [number, number, string][];
}

interface ArchiveInfo {
  archive?: ArchiveRow;
  refusal?: string;
  rules: FieldRule[];
  byId: Map<number, FieldRule>;
  stamped: FieldRule[];
}

const shownStored = (rule: FieldRule, doc: StoredDocument): string =>
  hasFlag(rule.prop, FieldProp.MultiValue)
    ? (doc.multi.get(rule.id) ?? []).join(', ')
    : toWireText(rule.type, doc.values.get(rule.id) ?? null);

const shownWrite = (rule: FieldRule, w: FieldWrite): string =>
  w.multi ? w.values.join(', ') : toWireText(rule.type, w.value);

export function createBulkUpdates(db: Db, repos: Repos) {
  const updates = new Map<string, Statement>();
  const reads = new Map<string, Statement>();
  const cached = (map: Map<string, Statement>, key: string, sql: () => string, safe = false): Statement => {
    let s = map.get(key);
    if (!s) {
      s = db.prepare(sql());
      if (safe) s.safeIntegers(true);
      if (map.size > 500) map.clear();
      map.set(key, s);
    }
    return s;
  };

  /** The documents of one archive named in a batch, read with two statements (not two per document). */
  const readMany = (
    databaseId: number,
    info: ArchiveInfo,
    ids: number[],
    needed: Set<number>,
  ): Map<number, StoredDocument> => {
    const out = new Map<number, StoredDocument>();
    if (!info.archive) return out;
    const cols = info.rules
      .filter((r) => needed.has(r.id) && !hasFlag(r.prop, FieldProp.MultiValue))
      .map((r) => r.id);
    const rows = cached(
      reads,
      `${databaseId}:${cols.join(',')}`,
      () =>
        `SELECT id${cols.map((c) => `, ${fieldColumn(c)}`).join('')} FROM ${docTable(databaseId)}
         WHERE archive_id = ? AND id IN (SELECT value FROM json_each(?))`,
      true,
    )
      .raw()
      .all(info.archive.id, JSON.stringify(ids)) as StoredValue[][];
    for (const row of rows) {
      const id = Number(row[0]);
      const values = new Map<number, StoredValue>();
      cols.forEach((c, i) => values.set(c, row[i + 1] ?? null));
      out.set(id, { id, archiveId: info.archive.id, values, multi: new Map() });
    }
    if (info.rules.some((r) => needed.has(r.id) && hasFlag(r.prop, FieldProp.MultiValue))) {
      const mv = cached(
        reads,
        `mv:${databaseId}`,
        () => `SELECT doc_id, field_id, value FROM ${mvTable(databaseId)}
          WHERE doc_id IN (SELECT value FROM json_each(?)) ORDER BY doc_id, field_id, ordinal`,
      )
        .raw()
        .all(JSON.stringify(ids)) as [number, number, string][];
      for (const [docId, fieldId, value] of mv) {
        const doc = out.get(docId);
        const list = doc?.multi.get(fieldId);
        if (list) list.push(value);
        else doc?.multi.set(fieldId, [value]);
      }
    }
    return out;
  };
  /**
   * The pending writes of a batch: documents changing the same columns share ONE statement,
   * `UPDATE doc_{db} SET ... FROM json_each(rows)` (a document appears once: its writes are merged).
   */
  function write(call: BulkUpdateCall, pending: Map<number, Pending>): void {
    const groups = new Map<string, { cols: number[]; rows: unknown[][] }>();
    const audit: [number, number, string][] = [];
    for (const [docId, p] of pending) {
      for (const entry of p.audit) audit.push(entry);
      for (const [fieldId, values] of p.multis)
        repos.documentFields.setMulti(call.databaseId, docId, fieldId, values);
      const cols = [...p.cols.keys()].sort((a, b) => a - b);
      const key = cols.join(',');
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { cols, rows: [] }));
      // JSON has no 64-bit integers: they travel as text, which the INTEGER column takes back
      g.rows.push([
        docId,
        ...cols.map((c) => {
          const v = p.cols.get(c) ?? null;
          return typeof v === 'bigint' ? v.toString() : v;
        }),
      ]);
    }
    for (const g of groups.values()) {
      const sets = [
        ...g.cols.map((c, i) => `${fieldColumn(c)} = j.value->>${i + 1}`),
        'modified_at = ?',
      ].join(', ');
      cached(
        updates,
        `${call.databaseId}:${g.cols.join(',')}`,
        () =>
          `UPDATE ${docTable(call.databaseId)} SET ${sets} FROM json_each(?) AS j WHERE ${docTable(call.databaseId)}.id = j.value->>0`,
      ).run(call.now, JSON.stringify(g.rows));
    }
    repos.audit.addMany(
      { databaseId: call.databaseId, userName: call.userName, category: 'updated', time: call.now },
      audit,
    );
  }

  const archiveInfo = (call: BulkUpdateCall, archiveId: number): ArchiveInfo => {
    const empty = { rules: [], byId: new Map<number, FieldRule>(), stamped: [] };
    const archive = repos.archives.byId(archiveId);
    if (!archive || archive.databaseId !== call.databaseId || !call.access.canView(archive))
      return { ...empty, refusal: `Archive ${archiveId} was not found in database ${call.databaseId}.` };
    if (hasFlag(archive.flags, ArchiveFlags.RevisionControl))
      return { ...empty, archive, refusal: REVISION_ARCHIVE_MESSAGE };
    if (!hasFlag(call.access.archivePermissions(archive), ArchivePermission.ModifyData))
      return {
        ...empty,
        archive,
        refusal: `You do not have permission to modify data in archive '${archive.name}'.`,
      };
    const rules = repos.fieldRules.ofArchive(archiveId);
    return {
      archive,
      rules,
      byId: new Map(rules.map((r) => [r.id, r])),
      stamped: rules.filter((r) => hasFlag(r.prop, FieldProp.LastModifiedBy)),
    };
  };

  /** A document's result; the changed fields travel only in a dry run (the preview needs them). */
  const resultOf = (
    call: BulkUpdateCall,
    item: BulkUpdateItem,
    message: string,
    fields?: BulkPreviewRow['Fields'],
  ): BulkApiDocResult => ({
    ArchiveID: item.ArchiveID,
    DocID: item.DocID,
    Ok: message === '',
    Message: message,
    ...(call.dryRun && fields ? { Fields: fields } : {}),
  });

  /** The values a document would have: what the update sends, else what it holds. */
  class Values {
    constructor(
      readonly info: ArchiveInfo,
      readonly doc: StoredDocument,
      readonly sent: Map<number, string>,
    ) {}
    valueOf = (id: number): string => {
      const given = this.sent.get(id);
      if (given !== undefined) return given;
      const rule = this.info.byId.get(id);
      return rule ? shownStored(rule, this.doc) : '';
    };
  }

  function one(
    call: BulkUpdateCall,
    info: ArchiveInfo,
    lists: FieldLists,
    item: BulkUpdateItem,
    docs: Map<number, StoredDocument>,
    pending: Map<number, Pending>,
  ): BulkApiDocResult {
    if (info.refusal) return resultOf(call, item, info.refusal);
    const doc = docs.get(item.DocID);
    if (!doc)
      return resultOf(call, item, `Document ${item.DocID} was not found in archive ${item.ArchiveID}.`);
    const sent = new Map<number, string>();
    for (const f of item.Fields) sent.set(f.FieldID, f.Value);
    const values = new Values(info, doc, sent);
    const ctx = {
      offeredItems: (r: FieldRule) => lists.offered(r, values.valueOf),
      overwriteSystem: call.overwriteSystem,
    };
    const singles: { rule: FieldRule; value: StoredValue }[] = [];
    const multis: { rule: FieldRule; values: string[] }[] = [];
    const changed: BulkPreviewRow['Fields'] = [];
    for (const f of item.Fields) {
      const rule = info.byId.get(f.FieldID);
      const isMulti = rule ? hasFlag(rule.prop, FieldProp.MultiValue) : false;
      // a multi-value field takes the one value given (or several split on '|'), replacing all
      const input = {
        id: f.FieldID,
        val: f.Value,
        mval: isMulti ? f.Value.split('|').filter((v) => v !== '') : [],
      };
      const c = checkField(rule, input, ctx);
      if (!c.valid) {
        const name = c.rule ? `'${c.rule.name}'` : `${c.id}`;
        return resultOf(call, item, `Field ${name}: ${c.message}`);
      }
      const old = shownStored(c.rule, doc);
      if (c.write.multi) {
        if (c.write.values.join('\n') === (doc.multi.get(c.rule.id) ?? []).join('\n')) continue;
        multis.push({ rule: c.rule, values: c.write.values });
      } else {
        if (sameStored(doc.values.get(c.rule.id) ?? null, c.write.value)) continue;
        singles.push({ rule: c.rule, value: c.write.value });
      }
      changed.push({ FieldID: c.rule.id, Name: c.rule.name, Old: old, New: shownWrite(c.rule, c.write) });
    }
    if (call.dryRun || changed.length === 0) return resultOf(call, item, '', changed);
    let p = pending.get(item.DocID);
    if (!p) pending.set(item.DocID, (p = { cols: new Map(), multis: new Map(), audit: [] }));
    for (const one of singles) {
      p.cols.set(one.rule.id, one.value);
      doc.values.set(one.rule.id, one.value);
    }
    for (const r of info.stamped)
      if (!sent.has(r.id) || !call.overwriteSystem) p.cols.set(r.id, call.userName);
    for (const m of multis) {
      p.multis.set(m.rule.id, m.values);
      doc.multi.set(m.rule.id, m.values);
    }
    let message = 'Bulk update: ';
    for (let i = 0; i < changed.length; i++) {
      const c = changed[i] as BulkPreviewRow['Fields'][number];
      message += `${i ? '; ' : ''}Field '${c.Name}' changed from '${c.Old}' to '${c.New}'`;
    }
    p.audit.push([item.ArchiveID, item.DocID, message]);
    return resultOf(call, item, '');
  }

  /** Check and apply every update of the call in one transaction; a result per update, in order. */
  function apply(call: BulkUpdateCall): BulkApiDocResult[] {
    const infos = new Map<number, ArchiveInfo>();
    const lists = memoLists(repos.fieldRules, call.sqlItems);
    const infoOf = (archiveId: number): ArchiveInfo => {
      let info = infos.get(archiveId);
      if (!info) infos.set(archiveId, (info = archiveInfo(call, archiveId)));
      return info;
    };
    const run = (): BulkApiDocResult[] => {
      // per archive: its documents, and the fields the updates read (those they set, and the
      // parents of their dynamic lists)
      const byArchive = new Map<number, { ids: number[]; needed: Set<number> }>();
      for (const u of call.updates) {
        let a = byArchive.get(u.ArchiveID);
        if (!a) byArchive.set(u.ArchiveID, (a = { ids: [], needed: new Set() }));
        a.ids.push(u.DocID);
        for (const f of u.Fields) a.needed.add(f.FieldID);
      }
      const docs = new Map<number, Map<number, StoredDocument>>();
      for (const [archiveId, a] of byArchive) {
        const info = infoOf(archiveId);
        for (const id of [...a.needed]) {
          const rule = info.byId.get(id);
          if (rule)
            for (const parent of [rule.listF1 || rule.parentId, rule.listF2])
              if (parent) a.needed.add(parent);
        }
        docs.set(archiveId, readMany(call.databaseId, info, a.ids, a.needed));
      }
      const pending = new Map<number, Pending>();
      const results = call.updates.map((item) =>
        one(call, infoOf(item.ArchiveID), lists, item, docs.get(item.ArchiveID) ?? new Map(), pending),
      );
      if (!call.dryRun) write(call, pending);
      return results;
    };
    return call.dryRun ? run() : db.transaction(run)();
  }

  return { apply };
}
export type BulkUpdates = ReturnType<typeof createBulkUpdates>;
