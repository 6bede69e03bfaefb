// Writes a snapshot's catalogue into a fresh simulator database through the fixtures' builders
// (the way every scenario is made): users and groups (all with the one given password), seats
// and features, stamps, inboxes, then per database its lists, fields, table fields, archives,
// view tabs, searches and prompts, and every principal's rights. Source ids map to new ones.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '@gs/simulator-api/db/connection';
import { FieldProp, LicenseType, type LicenseTypeCode } from '@gs/contract/flags';
import {
  PRINCIPAL_GROUP,
  PRINCIPAL_USER,
  addArchive,
  addDatabase,
  addField,
  addGroup,
  addInbox,
  addList,
  addSearch,
  addStamp,
  addUser,
  grantArchive,
  grantDatabase,
  grantInbox,
  grantSearch,
  mapDynamicList,
  setArchiveViews,
  setSetting,
} from '@gs/simulator-fixtures/builders';
import { addSeats } from '@gs/simulator-fixtures/scenarios/demo/users';
import type { SnapDatabase, Snapshot } from './model';

/** New ids of one database's objects, by the source's ids. */
export interface DbIds {
  id: number;
  fields: Map<number, number>;
  archives: Map<number, number>;
  searches: Map<number, number>;
}

export interface Written {
  databases: Map<number, DbIds>;
  inboxes: Map<number, number>;
}

const LICENSES: readonly number[] = [LicenseType.Full, LicenseType.WebEdit, LicenseType.ReadOnly];
const LIST_BITS = FieldProp.DropdownList | FieldProp.DynamicList;

/** A folder name for an inbox (its name without what a path may not hold). */
const folderOf = (name: string, id: number): string =>
  name.replace(/[^\w .-]+/g, '_').trim() || `inbox-${id}`;

function writeDatabase(db: Db, d: SnapDatabase): DbIds {
  const id = addDatabase(db, d.name);
  const lists = new Map<number, number>();
  for (const l of d.lists) lists.set(l.id, addList(db, id, l.name, l.items));
  const fields = new Map<number, number>();
  for (const f of d.fields) {
    const listId = lists.get(f.listId) ?? 0;
    // a list that could not be read: the field takes any value rather than none
    const prop = listId ? f.prop : f.prop & ~LIST_BITS;
    fields.set(
      f.id,
      addField(db, id, {
        name: f.name,
        type: f.type,
        size: f.size,
        mask: f.mask,
        regex: f.regex,
        regexMessage: f.regexMessage,
        prop,
        listId,
      }),
    );
  }
  const parents = db.prepare(`UPDATE fields SET parent_id = ?, list_f1 = ?, list_f2 = ? WHERE id = ?`);
  for (const f of d.fields) {
    const to = (sourceId: number) => fields.get(sourceId) ?? 0;
    if (f.parentId || f.listF1 || f.listF2)
      parents.run(to(f.parentId), to(f.listF1), to(f.listF2), fields.get(f.id));
  }
  for (const m of d.mappings) {
    const fieldId = fields.get(m.fieldId);
    const listId = lists.get(m.listId);
    if (fieldId && listId) mapDynamicList(db, fieldId, m.primary, m.secondary, listId);
  }
  const tableField = db.prepare(`INSERT INTO table_fields(database_id, name) VALUES (?, ?)`);
  const column = db.prepare(
    `INSERT INTO table_field_columns(table_field_id, field_id, ordinal) VALUES (?, ?, ?)`,
  );
  for (const t of d.tableFields) {
    const tid = Number(tableField.run(id, t.name).lastInsertRowid);
    t.fieldIds.forEach((f, i) => {
      const fid = fields.get(f);
      if (fid) column.run(tid, fid, i);
    });
  }
  const archives = new Map<number, number>();
  for (const a of d.archives) {
    const aid = addArchive(db, id, {
      name: a.name,
      parentId: archives.get(a.parent) ?? 0,
      flags: a.flags,
      contentSearch: a.contentSearch,
      fieldIds: a.fieldIds.flatMap((f) => fields.get(f) ?? []),
    });
    archives.set(a.id, aid);
    const status = a.view && fields.get(a.view.statusField);
    if (a.view && status) setArchiveViews(db, aid, status, a.view.tabs);
  }
  const searches = new Map<number, number>();
  const options = db.prepare(`INSERT INTO search_options(search_id, grant_all) VALUES (?, 1)`);
  for (const s of d.searches) {
    const archiveIds = s.archiveIds.flatMap((a) => archives.get(a) ?? []);
    if (archiveIds.length === 0) continue;
    const sid = addSearch(db, id, {
      name: s.name,
      archiveId: archives.get(s.archiveId) ?? (s.archiveId === 0 ? 0 : (archiveIds[0] ?? 0)),
      archiveIds,
      settings: s.settings,
      fuzzy: s.fuzzy,
      grouping: s.grouping,
      prompts: s.prompts.flatMap((p) => {
        const fieldId = fields.get(p.fieldId);
        return fieldId ? [{ fieldId, operator: p.operator, prompt: p.prompt, value: p.value }] : [];
      }),
    });
    searches.set(s.id, sid);
    if (s.grantAll) options.run(sid);
  }
  return { id, fields, archives, searches };
}

/** Write the catalogue (one transaction); `inboxesDir` gets a folder per inbox. */
export function writeCatalogue(db: Db, snap: Snapshot, password: string, inboxesDir: string): Written {
  return db.transaction(() => {
    const users = new Map<string, number>();
    for (const p of snap.principals.filter((x) => x.kind === 'user'))
      users.set(
        p.name.toLowerCase(),
        addUser(db, {
          name: p.name,
          password,
          licenseType: (LICENSES.includes(p.license) ? p.license : LicenseType.WebEdit) as LicenseTypeCode,
          email: p.email,
          isAdminAll: p.adminAll,
          isUserAdmin: p.userAdmin,
        }),
      );
    const groups = new Map<string, number>();
    for (const g of snap.principals.filter((x) => x.kind === 'group'))
      groups.set(
        g.name.toLowerCase(),
        addGroup(
          db,
          g.name,
          g.members.flatMap((m) => users.get(m.toLowerCase()) ?? []),
        ),
      );
    addSeats(db);
    for (const [code, value] of Object.entries(snap.features))
      if (/^\w+$/.test(code)) setSetting(db, `feature.${code.toLowerCase()}`, String(value));
    for (const text of new Set(snap.stamps)) addStamp(db, text);
    const inboxes = new Map<number, number>();
    for (const i of snap.inboxes) {
      const folder = folderOf(i.name, i.id);
      mkdirSync(join(inboxesDir, folder), { recursive: true });
      inboxes.set(i.id, addInbox(db, i.name, folder));
    }
    const databases = new Map<number, DbIds>();
    for (const d of snap.databases) databases.set(d.id, writeDatabase(db, d));
    for (const g of snap.grants) {
      const type = g.kind === 'user' ? PRINCIPAL_USER : PRINCIPAL_GROUP;
      const who = (g.kind === 'user' ? users : groups).get(g.name.toLowerCase());
      if (who === undefined) continue;
      for (const x of g.databases) {
        const ids = databases.get(x.dbId);
        if (ids) grantDatabase(db, ids.id, who, x.level, type);
      }
      for (const x of g.archives) {
        const archiveId = databases.get(x.dbId)?.archives.get(x.archiveId);
        if (archiveId) grantArchive(db, archiveId, who, x.mask, type);
      }
      for (const x of g.searches) {
        const searchId = databases.get(x.dbId)?.searches.get(x.searchId);
        if (searchId) grantSearch(db, searchId, who, x.props, type);
      }
      for (const x of g.inboxes) {
        const inboxId = inboxes.get(x.inboxId);
        if (inboxId) grantInbox(db, inboxId, who, x.mask, type);
      }
    }
    return { databases, inboxes };
  })();
}
