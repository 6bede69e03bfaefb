// What the administration API adds to the end-user view where the account may read it (wire
// §2.8): regex messages, required and multi-value flags, list items and dynamic-list mappings,
// table fields, archive flags and view tabs, search options, stamps and licensed features.
// Never read: mail servers (admin/notifications), data-exchange sources, list bindings' assembly
// paths and parameters (they may hold connection strings), fields' extended configuration.
import type {
  AdminArchive,
  AdminField,
  AdminList,
  AdminSearch,
  AdminTableField,
} from '@gs/contract/admin/catalog';
import { ADMIN_CONDITIONS } from '@gs/contract/admin/catalog';
import {
  FieldProp,
  FieldType,
  SearchSettings,
  type FieldTypeCode,
  type OperatorCode,
} from '@gs/contract/flags';
import { optional, type Reader } from './readCatalogue';
import type { SnapDatabase, SnapField, SnapSearch } from './model';

const TYPES: Record<string, FieldTypeCode> = {
  character: FieldType.Character,
  numeric: FieldType.Integer,
  integer: FieldType.Integer,
  date: FieldType.Date,
  datetime: FieldType.Date,
  decimal: FieldType.Decimal,
};

const SYSTEM: Record<string, number> = {
  readonly: FieldProp.ReadOnly,
  indexedby: FieldProp.IndexedBy,
  dateentered: FieldProp.DateEntered,
  lastmodified: FieldProp.LastModifiedBy,
  pagecount: FieldProp.PageCount,
  filetype: FieldProp.FileType,
};

const LIST_BITS = FieldProp.DropdownList | FieldProp.DynamicList;

/** The end-user field, or one made from the admin definition, with the admin facts added. */
function mergeField(known: SnapField | undefined, a: AdminField): SnapField {
  const listType = (a.List?.Type ?? '').toLowerCase();
  const base: SnapField = known ?? {
    id: a.Id,
    name: a.Name,
    type: TYPES[String(a.Type).toLowerCase()] ?? FieldType.Character,
    size: a.Length || 50,
    mask: a.Format ?? '',
    regex: a.Regex ?? '',
    regexMessage: '',
    prop:
      (SYSTEM[String(a.SystemField ?? '').toLowerCase()] ?? 0) |
      (listType === 'dropdown' ? FieldProp.DropdownList : 0) |
      (listType === 'dynamic' ? FieldProp.DynamicList : 0),
    listId: a.List?.ListId ?? 0,
    parentId: 0,
    listF1: 0,
    listF2: 0,
  };
  const prop =
    (base.prop & ~(FieldProp.Required | FieldProp.MultiValue)) |
    (a.Required ? FieldProp.Required : 0) |
    (a.MultiValue ? FieldProp.MultiValue : 0);
  const dynamic = listType === 'dynamic';
  return {
    ...base,
    regexMessage: a.RegexMessage ?? '',
    prop: listType === '' && !base.listId ? prop & ~LIST_BITS : prop,
    listId: a.List?.ListId || base.listId,
    parentId: dynamic ? a.List.Primary || base.parentId : base.parentId,
    listF1: dynamic ? a.List.Primary || base.listF1 : base.listF1,
    listF2: dynamic ? a.List.Secondary || base.listF2 : base.listF2,
  };
}

function searchFromAdmin(s: AdminSearch): SnapSearch {
  return {
    id: s.Id,
    name: s.Name,
    archiveId: s.Parent,
    archiveIds: s.Archives ?? [],
    settings:
      SearchSettings.ShowInList |
      (s.DisplayViewTabs ? SearchSettings.ViewTabs : 0) |
      (s.ContentSearch?.Enabled ? SearchSettings.ContentSearch : 0),
    fuzzy: s.ContentSearch?.FuzzinessValue ?? 0,
    grouping: s.AdvancedGrouping ?? '',
    props: 0,
    prompts: (s.Parameters ?? []).map((p) => ({
      fieldId: p.Field,
      operator: (ADMIN_CONDITIONS.indexOf(p.Condition) + 1 || 2) as OperatorCode,
      prompt: p.Prompt ?? '',
      value: '',
    })),
    grantAll: !!s.GrantAll,
  };
}

/** Add what the admin API says about one database; true when it answered at all. */
export async function readAdminDatabase(r: Reader, db: SnapDatabase): Promise<boolean> {
  const base = `admin/databases/${db.id}`;
  const fields = await optional(r, `field definitions of ${db.name} (admin API)`, () =>
    r.source.json<AdminField[]>(`${base}/fields`),
  );
  if (!fields) {
    r.leftOut(`lists and list items of ${db.name}`, 'they are read through the admin API, which refused');
    return false;
  }
  const known = new Map(db.fields.map((f) => [f.id, f]));
  db.fields = fields.map((a) => mergeField(known.get(a.Id), a));
  for (const f of known.values()) if (!db.fields.some((x) => x.id === f.id)) db.fields.push(f);
  db.mappings = fields.flatMap((a) =>
    (a.List?.Mapping ?? []).map((m) => ({
      fieldId: a.Id,
      primary: m.PrimaryValue ?? '',
      secondary: m.SecondaryValue ?? '',
      listId: m.ListId,
    })),
  );
  const lists = await optional(r, `lists of ${db.name}`, () => r.source.json<AdminList[]>(`${base}/lists`));
  db.lists = (lists ?? []).map((l) => ({ id: l.Id, name: l.Name, items: l.Values ?? [] }));
  if (lists?.some((l) => l.AssemblyPath))
    r.leftOut(
      `list bindings of ${db.name}`,
      'assembly and query bindings may hold connection strings: their lists keep the items read now',
    );
  const tables = await optional(r, `table fields of ${db.name}`, () =>
    r.source.json<AdminTableField[]>(`${base}/tablefields`),
  );
  db.tableFields = (tables ?? []).map((t) => ({ name: t.Name, fieldIds: t.Fields ?? [] }));
  const archives = await optional(r, `archive settings of ${db.name}`, () =>
    r.source.json<AdminArchive[]>(`${base}/archives`),
  );
  for (const a of archives ?? []) {
    const mine = db.archives.find((x) => x.id === a.Id);
    if (!mine) continue;
    mine.flags = a.Properties ?? mine.flags;
    mine.contentSearch = !!a.ContentSearch;
    if (a.Fields?.length) mine.fieldIds = a.Fields.filter((id) => db.fields.some((f) => f.id === id));
    if (a.View?.Enabled)
      mine.view = {
        statusField: a.View.StatusField,
        tabs: (a.View.Values ?? []).map((v) => ({ label: v.Label, value: v.Value, color: v.Color ?? '' })),
      };
  }
  const searches = await optional(r, `search options of ${db.name}`, () =>
    r.source.json<AdminSearch[]>(`${base}/searches`),
  );
  for (const s of searches ?? []) {
    const mine = db.searches.find((x) => x.id === s.Id);
    if (mine) mine.grantAll = !!s.GrantAll;
    else db.searches.push(searchFromAdmin(s));
  }
  return true;
}

/** Stamps (readable by every viewer on most servers) and licensed features (admin only). */
export async function readServerWide(
  r: Reader,
): Promise<{ stamps: string[]; features: Record<string, string> }> {
  const stamps = await optional(r, 'stamps', () => r.source.json<{ Text: string }[]>('admin/stamps'));
  const features = await optional(r, 'licensed features and seats', () =>
    r.source.json<Record<string, string>>('admin/registration', { features: 'true' }),
  );
  return { stamps: (stamps ?? []).map((s) => s.Text), features: features ?? {} };
}
