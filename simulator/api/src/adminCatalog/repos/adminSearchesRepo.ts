// The admin API's searches (AdminSearch, wire §2.8) over `searches`, its archives, its prompts
// (the Parameters) and search_options. Settings bits: content search 1, view tabs 32 (flags.ts).
import type { Db } from '../../db/connection';
import { ADMIN_CONDITIONS, type AdminCondition, type AdminSearch } from '@gs/contract/admin/catalog';
import { SearchSettings, hasFlag, type OperatorCode } from '@gs/contract/flags';

/** Operator code of each condition word: equals 1 ... isnotempty 7 (wire §4). */
export const operatorOf = (c: AdminCondition): OperatorCode =>
  (ADMIN_CONDITIONS.indexOf(c) + 1) as OperatorCode;
const conditionOf = (op: number): AdminCondition => ADMIN_CONDITIONS[op - 1] ?? 'contains';

interface RawSearch {
  id: number;
  name: string;
  archiveId: number;
  settings: number;
  fuzzy: number;
  grouping: string;
  grantAll: number | null;
  imageXChange: number | null;
  multiValue: number | null;
  useTime: number | null;
  phonics: number | null;
  stemming: number | null;
  fuzziness: number | null;
}

const SELECT = `SELECT s.id, s.name, s.archive_id AS archiveId, s.settings, s.fuzzy, s.grouping,
    o.grant_all AS grantAll, o.image_xchange AS imageXChange, o.multi_value AS multiValue,
    o.use_time AS useTime, o.phonics, o.stemming, o.fuzziness
  FROM searches s LEFT JOIN search_options o ON o.search_id = s.id`;

export function createAdminSearchesRepo(db: Db) {
  const all = db.prepare(`${SELECT} WHERE s.database_id = ? ORDER BY s.name COLLATE NOCASE, s.id`);
  const one = db.prepare(`${SELECT} WHERE s.database_id = ? AND s.id = ?`);
  const archives = db.prepare(
    `SELECT archive_id AS id FROM search_archives WHERE search_id = ? ORDER BY ordinal`,
  );
  const prompts = db.prepare(`SELECT id, field_id AS field, operator, prompt FROM search_prompts
    WHERE search_id = ? ORDER BY ordinal`);
  const insert = db.prepare(`INSERT INTO searches(database_id, archive_id, name, settings, fuzzy, grouping)
    VALUES (@db, @parent, @name, @settings, @fuzzy, @grouping)`);
  const update = db.prepare(`UPDATE searches SET archive_id = @parent, name = @name, settings = @settings,
    fuzzy = @fuzzy, grouping = @grouping WHERE id = @id AND database_id = @db`);
  const options = db.prepare(`INSERT OR REPLACE INTO search_options(search_id, grant_all, image_xchange,
    multi_value, use_time, phonics, stemming, fuzziness) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const clearArchives = db.prepare(`DELETE FROM search_archives WHERE search_id = ?`);
  const addArchive = db.prepare(
    `INSERT INTO search_archives(search_id, archive_id, ordinal) VALUES (?, ?, ?)`,
  );
  const keep = db.prepare(`UPDATE search_prompts SET ordinal = ?, field_id = ?, operator = ?, prompt = ?
    WHERE id = ? AND search_id = ?`);
  const addPrompt = db.prepare(`INSERT INTO search_prompts(search_id, ordinal, field_id, operator, prompt)
    VALUES (?, ?, ?, ?, ?)`);
  const dropPrompt = db.prepare(`DELETE FROM search_prompts WHERE id = ? AND search_id = ?`);
  const remove = db.prepare(`DELETE FROM searches WHERE id = ? AND database_id = ?`);

  const toAdmin = (r: RawSearch): AdminSearch => ({
    Id: r.id,
    Name: r.name,
    Parent: r.archiveId,
    Archives: (archives.all(r.id) as { id: number }[]).map((a) => a.id),
    Parameters: (prompts.all(r.id) as { id: number; field: number; operator: number; prompt: string }[]).map(
      (p) => ({ Id: p.id, Field: p.field, Condition: conditionOf(p.operator), Prompt: p.prompt }),
    ),
    AdvancedGrouping: r.grouping,
    GrantAll: r.grantAll === 1,
    ImageXChange: r.imageXChange === 1,
    MultiValue: r.multiValue === 1,
    DisplayViewTabs: hasFlag(r.settings, SearchSettings.ViewTabs),
    UseTime: r.useTime === 1,
    ContentSearch: {
      Enabled: hasFlag(r.settings, SearchSettings.ContentSearch),
      Phonics: r.phonics === 1,
      Stemming: r.stemming === 1,
      Fuzziness: r.fuzziness === 1,
      FuzzinessValue: r.fuzzy,
    },
  });

  /** the settings bits the admin object sets, keeping the others (shown in list, default) */
  const settingsOf = (s: AdminSearch, previous: number): number =>
    (previous & ~(SearchSettings.ContentSearch | SearchSettings.ViewTabs)) |
    (s.ContentSearch.Enabled ? SearchSettings.ContentSearch : 0) |
    (s.DisplayViewTabs ? SearchSettings.ViewTabs : 0);

  const row = (dbId: number, s: AdminSearch, previous: number) => ({
    db: dbId,
    parent: s.Parent,
    name: s.Name,
    settings: settingsOf(s, previous),
    fuzzy: s.ContentSearch.FuzzinessValue,
    grouping: s.AdvancedGrouping,
  });

  /** archives, options and prompts; a parameter whose Id is one of the search's prompts keeps it */
  const writeDetails = (searchId: number, s: AdminSearch): void => {
    const b = (v: boolean) => +v;
    const cs = s.ContentSearch;
    options.run(
      searchId,
      b(s.GrantAll),
      b(s.ImageXChange),
      b(s.MultiValue),
      b(s.UseTime),
      b(cs.Phonics),
      b(cs.Stemming),
      b(cs.Fuzziness),
    );
    clearArchives.run(searchId);
    s.Archives.forEach((a, i) => addArchive.run(searchId, a, i));
    const existing = new Set((prompts.all(searchId) as { id: number }[]).map((p) => p.id));
    const kept = new Set<number>();
    s.Parameters.forEach((p, i) => {
      const op = operatorOf(p.Condition);
      if (p.Id && existing.has(p.Id) && !kept.has(p.Id)) {
        keep.run(i, p.Field, op, p.Prompt, p.Id, searchId);
        kept.add(p.Id);
      } else addPrompt.run(searchId, i, p.Field, op, p.Prompt);
    });
    for (const id of existing) if (!kept.has(id)) dropPrompt.run(id, searchId);
  };

  return {
    all(dbId: number): AdminSearch[] {
      return (all.all(dbId) as RawSearch[]).map(toAdmin);
    },
    byId(dbId: number, searchId: number): AdminSearch | undefined {
      const r = one.get(dbId, searchId) as RawSearch | undefined;
      return r && toAdmin(r);
    },
    create(dbId: number, s: AdminSearch): number {
      return db.transaction(() => {
        const id = Number(insert.run(row(dbId, s, SearchSettings.ShowInList)).lastInsertRowid);
        writeDetails(id, s);
        return id;
      })();
    },
    update(dbId: number, searchId: number, s: AdminSearch): void {
      db.transaction(() => {
        const previous = (one.get(dbId, searchId) as RawSearch).settings;
        update.run({ ...row(dbId, s, previous), id: searchId });
        writeDetails(searchId, s);
      })();
    },
    remove(dbId: number, searchId: number): void {
      db.transaction(() => remove.run(searchId, dbId))();
    },
  };
}
export type AdminSearchesRepo = ReturnType<typeof createAdminSearchesRepo>;
