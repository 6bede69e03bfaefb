// The admin API's view of a database's fields (AdminField, wire §2.8) over the catalogue's
// `fields` row (FieldProp bits, list columns), its dynamic-list mappings and field_options.
// A new field gets its column in the document table at once (docTables.addFieldColumn).
import type { Db } from '../../db/connection';
import type { AdminField, AdminFieldType, AdminListType, AdminSystemField } from '@gs/contract/admin/catalog';
import { FieldProp, FieldType, hasFlag, type FieldTypeCode } from '@gs/contract/flags';
import { addFieldColumn, dropFieldColumn, fieldHoldsValues } from '../../documents/repos/docTables';

export const TYPE_CODES: Record<AdminFieldType, FieldTypeCode> = {
  character: FieldType.Character,
  numeric: FieldType.Integer,
  date: FieldType.Date,
  decimal: FieldType.Decimal,
};
const TYPE_WORDS = Object.fromEntries(Object.entries(TYPE_CODES).map(([w, c]) => [c, w])) as Record<
  number,
  AdminFieldType
>;

/** The Prop bit of each system field. */
export const SYSTEM_BITS: Record<Exclude<AdminSystemField, ''>, number> = {
  readOnly: FieldProp.ReadOnly,
  indexedBy: FieldProp.IndexedBy,
  dateEntered: FieldProp.DateEntered,
  lastModified: FieldProp.LastModifiedBy,
  pageCount: FieldProp.PageCount,
  fileType: FieldProp.FileType,
};
const ANY_SYSTEM = Object.values(SYSTEM_BITS).reduce((a, b) => a | b, 0);
const LIST_BITS = FieldProp.DropdownList | FieldProp.DynamicList;

interface RawField {
  id: number;
  name: string;
  type: FieldTypeCode;
  size: number;
  mask: string;
  regex: string;
  regexMessage: string;
  prop: number;
  listId: number;
  listF1: number;
  listF2: number;
  sampleName: string | null;
  sampleValue: string | null;
  extendedConfig: string | null;
}

const SELECT = `SELECT f.id, f.name, f.type, f.size, f.mask, f.regex, f.regex_message AS regexMessage,
    f.prop, f.list_id AS listId, f.list_f1 AS listF1, f.list_f2 AS listF2,
    o.reg_sample_name AS sampleName, o.reg_sample_value AS sampleValue, o.extended_config AS extendedConfig
  FROM fields f LEFT JOIN field_options o ON o.field_id = f.id`;

const systemOf = (prop: number): AdminSystemField =>
  (Object.entries(SYSTEM_BITS).find(([, bit]) => hasFlag(prop, bit))?.[0] as AdminSystemField | undefined) ??
  '';

const listTypeOf = (prop: number): AdminListType =>
  hasFlag(prop, FieldProp.DynamicList) ? 'dynamic' : hasFlag(prop, FieldProp.DropdownList) ? 'dropdown' : '';

/** The Prop bits an AdminField stands for, keeping the table-field bit the field already has. */
export function propOf(f: AdminField, previous = 0): number {
  const list =
    f.List.Type === 'dynamic'
      ? FieldProp.DynamicList
      : f.List.Type === 'dropdown'
        ? FieldProp.DropdownList
        : 0;
  return (
    (f.Required ? FieldProp.Required : 0) |
    (f.MultiValue ? FieldProp.MultiValue : 0) |
    list |
    (f.SystemField ? SYSTEM_BITS[f.SystemField] : 0) |
    (previous & ~(ANY_SYSTEM | LIST_BITS | FieldProp.Required | FieldProp.MultiValue))
  );
}

export function createAdminFieldsRepo(db: Db) {
  const all = db.prepare(`${SELECT} WHERE f.database_id = ? ORDER BY f.name COLLATE NOCASE, f.id`);
  const one = db.prepare(`${SELECT} WHERE f.database_id = ? AND f.id = ?`);
  const mappings = db.prepare(`SELECT list_id AS ListId, primary_value AS PrimaryValue,
    secondary_value AS SecondaryValue FROM field_list_mappings WHERE field_id = ? ORDER BY primary_value, secondary_value`);
  const named = db.prepare(
    `SELECT id FROM fields WHERE database_id = ? AND name = ? COLLATE NOCASE AND id <> ?`,
  );
  const insert =
    db.prepare(`INSERT INTO fields(database_id, name, type, size, mask, regex, regex_message, prop,
      list_id, parent_id, list_f1, list_f2)
    VALUES (@db, @name, @type, @size, @mask, @regex, @regexMessage, @prop, @listId, @primary, @primary, @secondary)`);
  const update = db.prepare(`UPDATE fields SET name = @name, type = @type, size = @size, mask = @mask,
      regex = @regex, regex_message = @regexMessage, prop = @prop, list_id = @listId, parent_id = @primary,
      list_f1 = @primary, list_f2 = @secondary
    WHERE id = @id AND database_id = @db`);
  const options =
    db.prepare(`INSERT INTO field_options(field_id, reg_sample_name, reg_sample_value, extended_config)
    VALUES (?, ?, ?, ?) ON CONFLICT(field_id) DO UPDATE SET reg_sample_name = excluded.reg_sample_name,
      reg_sample_value = excluded.reg_sample_value, extended_config = excluded.extended_config`);
  const clearMappings = db.prepare(`DELETE FROM field_list_mappings WHERE field_id = ?`);
  const addMapping =
    db.prepare(`INSERT OR REPLACE INTO field_list_mappings(field_id, primary_value, secondary_value, list_id)
    VALUES (?, ?, ?, ?)`);
  const remove = db.prepare(`DELETE FROM fields WHERE id = ? AND database_id = ?`);
  const dependents = db.prepare(`SELECT name FROM fields WHERE database_id = ? AND id <> ?
    AND (list_f1 = ? OR list_f2 = ? OR parent_id = ?) ORDER BY name`);
  const unsetViews = db.prepare(`UPDATE archives SET view_enabled = 0, view_status_field = 0
    WHERE database_id = ? AND view_status_field = ?`);

  const toAdmin = (r: RawField): AdminField => ({
    Id: r.id,
    Name: r.name,
    Type: TYPE_WORDS[r.type] ?? 'character',
    Format: r.mask,
    Regex: r.regex,
    RegexMessage: r.regexMessage,
    RegSample: { Name: r.sampleName ?? '', Value: r.sampleValue ?? '' },
    Length: r.size,
    Required: hasFlag(r.prop, FieldProp.Required),
    MultiValue: hasFlag(r.prop, FieldProp.MultiValue),
    SystemField: systemOf(r.prop),
    List: {
      Type: listTypeOf(r.prop),
      ListId: r.listId,
      Primary: r.listF1,
      Secondary: r.listF2,
      Mapping: mappings.all(r.id) as AdminField['List']['Mapping'],
    },
    ExtendedConfig: r.extendedConfig ?? '',
  });

  const params = (dbId: number, f: AdminField, prop: number) => ({
    db: dbId,
    name: f.Name,
    type: TYPE_CODES[f.Type],
    size: f.Length,
    mask: f.Format,
    regex: f.Regex,
    regexMessage: f.RegexMessage,
    prop,
    listId: f.List.Type ? f.List.ListId : 0,
    primary: f.List.Type === 'dynamic' ? f.List.Primary : 0,
    secondary: f.List.Type === 'dynamic' ? f.List.Secondary : 0,
  });

  const writeDetails = (fieldId: number, f: AdminField): void => {
    options.run(fieldId, f.RegSample.Name, f.RegSample.Value, f.ExtendedConfig);
    clearMappings.run(fieldId);
    if (f.List.Type === 'dynamic')
      for (const m of f.List.Mapping) addMapping.run(fieldId, m.PrimaryValue, m.SecondaryValue, m.ListId);
  };

  return {
    all(dbId: number): AdminField[] {
      return (all.all(dbId) as RawField[]).map(toAdmin);
    },
    byId(dbId: number, fieldId: number): AdminField | undefined {
      const r = one.get(dbId, fieldId) as RawField | undefined;
      return r && toAdmin(r);
    },
    /** the Prop bits as stored (table-field membership included) */
    storedProp(dbId: number, fieldId: number): number {
      return (one.get(dbId, fieldId) as RawField | undefined)?.prop ?? 0;
    },
    nameTaken(dbId: number, name: string, exceptId = 0): boolean {
      return named.get(dbId, name, exceptId) !== undefined;
    },
    /** names of the fields whose dynamic list depends on this one */
    dependents(dbId: number, fieldId: number): string[] {
      return (dependents.all(dbId, fieldId, fieldId, fieldId, fieldId) as { name: string }[]).map(
        (r) => r.name,
      );
    },
    holdsValues: (dbId: number, fieldId: number): boolean => fieldHoldsValues(db, dbId, fieldId),
    /** one transaction: the row, its details and its column (decision 002) */
    create(dbId: number, f: AdminField): number {
      return db.transaction(() => {
        const id = Number(insert.run(params(dbId, f, propOf(f))).lastInsertRowid);
        writeDetails(id, f);
        addFieldColumn(db, dbId, id, TYPE_CODES[f.Type]);
        return id;
      })();
    },
    /** one transaction; a new type remakes the (empty: the caller checked) column */
    update(dbId: number, fieldId: number, f: AdminField, retype: boolean): void {
      db.transaction(() => {
        const prop = propOf(f, (one.get(dbId, fieldId) as RawField).prop);
        update.run({ ...params(dbId, f, prop), id: fieldId });
        writeDetails(fieldId, f);
        if (retype) {
          dropFieldColumn(db, dbId, fieldId);
          addFieldColumn(db, dbId, fieldId, TYPE_CODES[f.Type]);
        }
      })();
    },
    /** one transaction: the field leaves archives, searches, table fields and views, its column goes */
    remove(dbId: number, fieldId: number): void {
      db.transaction(() => {
        unsetViews.run(dbId, fieldId);
        dropFieldColumn(db, dbId, fieldId);
        remove.run(fieldId, dbId);
      })();
    },
  };
}
export type AdminFieldsRepo = ReturnType<typeof createAdminFieldsRepo>;
