// The rules of admin-spec §4-§5 for fields, table fields and searches, checked against the
// database before anything is written: a refusal is 400 (409 where it would lose data).
import {
  TABLE_FIELD_MIN_ROWS,
  type AdminField,
  type AdminSearch,
  type AdminTableField,
} from '@gs/contract/admin/catalog';
import { ArchiveFlags, FieldProp, hasFlag } from '@gs/contract/flags';
import type { Repos } from '../../db/repos';
import { badRequest, conflict } from '../../domain/errors';
import { fieldRegexRefusal } from '../../fields/services/fieldRegex';

export { conflict } from '../../domain/errors';

/** The archive Versions (old revisions) is never searched directly (admin-spec §5). */
const VERSIONS = 'versions';

export function createCatalogRules(repos: Repos) {
  const isList = (db: number, id: number): boolean => repos.adminLists.byId(db, id) !== undefined;
  const field = (db: number, id: number) => repos.fieldRules.byId(db, id);

  function checkList(db: number, f: AdminField, selfId: number): void {
    const l = f.List;
    if (l.Type === 'dropdown' && !isList(db, l.ListId))
      throw badRequest(`List ${l.ListId} was not found in database ${db}.`);
    if (l.Type !== 'dynamic') return;
    if (!l.Primary || l.Primary === selfId || !field(db, l.Primary))
      throw badRequest('A dynamic list field needs a primary field: another field of the database.');
    if (l.Secondary && (l.Secondary === selfId || l.Secondary === l.Primary || !field(db, l.Secondary)))
      throw badRequest('The secondary field of a dynamic list must be another field of the database.');
    if (l.Mapping.length === 0) throw badRequest('A dynamic list field needs a mapping.');
    if (l.ListId && !isList(db, l.ListId))
      throw badRequest(`List ${l.ListId} was not found in database ${db}.`);
    for (const m of l.Mapping) {
      if (m.PrimaryValue === '') throw badRequest('Every mapping of a dynamic list needs a primary value.');
      if (!isList(db, m.ListId)) throw badRequest(`List ${m.ListId} was not found in database ${db}.`);
    }
  }

  /**
   * A field to save (existing: its stored form). Returns it as it will be saved: changing the
   * type of a system field resets it to readOnly (admin-spec §4).
   */
  function checkField(db: number, input: AdminField, existing?: AdminField): AdminField {
    const f = { ...input };
    if (existing && existing.SystemField && existing.Type !== f.Type) f.SystemField = 'readOnly';
    if (f.Name === '') throw badRequest('A field needs a name.');
    if (repos.adminFields.nameTaken(db, f.Name, existing?.Id ?? 0))
      throw badRequest(`A field named '${f.Name}' already exists.`);
    const regexRefused = fieldRegexRefusal(f.Regex);
    if (regexRefused) throw badRequest(regexRefused);
    if (f.SystemField && f.Required) throw badRequest('A system field cannot be required.');
    if (f.SystemField && f.SystemField !== 'readOnly' && f.MultiValue)
      throw badRequest('A system field cannot be multi-value unless it is read-only.');
    const inTable = existing && hasFlag(repos.adminFields.storedProp(db, existing.Id), FieldProp.TableField);
    if (inTable && (f.SystemField || f.MultiValue || f.Required))
      throw badRequest(
        `'${f.Name}' belongs to a table field: it cannot be a system, multi-value or required field.`,
      );
    checkList(db, f, existing?.Id ?? 0);
    if (existing && (existing.Type !== f.Type || existing.MultiValue !== f.MultiValue))
      if (repos.adminFields.holdsValues(db, existing.Id))
        throw conflict(
          `Field '${existing.Name}' holds values: its type and multi-value setting cannot change.`,
        );
    return f;
  }

  /** 409 unless the field can go: its values only with Drop, never while a dynamic list depends on it */
  function fieldDelete(db: number, f: AdminField, drop: boolean): void {
    const dependents = repos.adminFields.dependents(db, f.Id);
    if (dependents.length > 0)
      throw conflict(`Field '${f.Name}' is the parent of the dynamic list of '${dependents.join("', '")}'.`);
    if (!drop && repos.adminFields.holdsValues(db, f.Id))
      throw conflict(`Field '${f.Name}' holds values; delete it with Drop=true to drop them.`);
  }

  function tableField(db: number, t: AdminTableField, selfId = 0): AdminTableField {
    if (t.Name === '') throw badRequest('A table field needs a name.');
    if (repos.adminTableFields.nameTaken(db, t.Name, selfId))
      throw badRequest(`A table field named '${t.Name}' already exists.`);
    const fields = [...new Set(t.Fields)];
    if (fields.length === 0) throw badRequest(TABLE_FIELD_MIN_ROWS);
    for (const id of fields) {
      const f = repos.adminFields.byId(db, id);
      if (!f) throw badRequest(`Field ${id} was not found in database ${db}.`);
      if (f.SystemField || f.MultiValue || f.Required)
        throw badRequest(
          `'${f.Name}' is a system, multi-value or required field: it cannot be in a table field.`,
        );
      const owner = repos.adminTableFields.ownerOf(id, selfId);
      if (owner !== undefined) throw badRequest(`'${f.Name}' already belongs to the table field '${owner}'.`);
    }
    return { ...t, Fields: fields };
  }

  /**
   * A search as it will be saved: the Versions archive leaves its archives, a parent alone is
   * what it searches, parameters of fields that no longer exist are dropped, and IsEmpty or
   * IsNotEmpty clears the prompt (admin-spec §5).
   */
  function search(db: number, s: AdminSearch): AdminSearch {
    if (s.Name === '') throw badRequest('A search needs a name.');
    const archive = (id: number) => {
      const a = repos.archives.byId(id);
      if (!a || a.databaseId !== db) throw badRequest(`Archive ${id} was not found in database ${db}.`);
      return a;
    };
    if (s.Parent) archive(s.Parent);
    const isVersions = (id: number) => {
      const a = archive(id);
      return hasFlag(a.flags, ArchiveFlags.VersionsArchive) || a.name.toLowerCase() === VERSIONS;
    };
    let archives = [...new Set(s.Archives)].filter((id) => !isVersions(id));
    if (archives.length === 0 && s.Parent && !isVersions(s.Parent)) archives = [s.Parent];
    const parameters = s.Parameters.filter((p) => field(db, p.Field) !== undefined).map((p) => ({
      ...p,
      Prompt:
        p.Condition === 'isempty' || p.Condition === 'isnotempty'
          ? ''
          : p.Prompt.trim() || (field(db, p.Field)?.name ?? ''),
    }));
    return { ...s, Archives: archives, Parameters: parameters };
  }

  return { field: checkField, fieldDelete, tableField, search };
}
export type CatalogRules = ReturnType<typeof createCatalogRules>;
