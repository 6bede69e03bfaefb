// The end-user API's view of the catalogue (wire §2.2–2.4, §2.7): databases, the archive tree
// (walked as real clients do, wire §3), each archive's fields, the searches with their prompts,
// and the inboxes, with the seeding account's own permissions on each.
import { ArchiveProperties, type FieldTypeCode, type OperatorCode } from '@gs/contract/flags';
import type { ArchiveEntry } from '../conformance/discover';
import type { Progress } from './progress';
import { each, Refused, type Source } from './source';
import type { LeftOut, SnapArchive, SnapDatabase, SnapField, SnapInbox, SnapSearch } from './model';

export interface Reader {
  source: Source;
  progress: Progress;
  leftOut: (part: string, reason: string) => void;
}

interface WireField {
  ID: number;
  Name: string;
  List: number;
  Type: number;
  Mask: string;
  Size: number;
  RegEx: string;
  Prop: number;
  Parent: number;
  ListF1: number;
  ListF2: number;
}

interface WireSearch {
  Id: number;
  Name: string;
  Parent: number;
  Props: number;
  Fuzzy?: number;
  Settings?: number;
  Grouping?: string;
  Archives?: { ID?: number; Id?: number }[];
  Detail?: { FID: number; Operator: number; Prompt: string; VAL?: string }[];
}

/** Why a refusal left a part out, for the summary. */
export const reasonOf = (err: unknown): string => {
  if (err instanceof Refused) {
    const why =
      err.status === 403 || err.status === 401
        ? 'the account may not read it'
        : err.status === 404
          ? 'the server has no such route'
          : 'the server refused it';
    return `${why} (${err.message})`;
  }
  throw err;
};

/** Read `part`, or note it left out when the server refuses; other errors propagate. */
export async function optional<T>(r: Reader, part: string, read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    r.leftOut(part, reasonOf(err));
    return undefined;
  }
}

const fieldOf = (f: WireField): SnapField => ({
  id: f.ID,
  name: f.Name,
  type: (f.Type >= 1 && f.Type <= 4 ? f.Type : 1) as FieldTypeCode,
  size: f.Size || 50,
  mask: f.Mask ?? '',
  regex: f.RegEx ?? '',
  regexMessage: '',
  prop: f.Prop ?? 0,
  listId: f.List ?? 0,
  parentId: f.Parent ?? 0,
  listF1: f.ListF1 ?? 0,
  listF2: f.ListF2 ?? 0,
});

const searchOf = (s: WireSearch): SnapSearch => ({
  id: s.Id,
  name: s.Name,
  archiveId: s.Parent,
  archiveIds: (s.Archives ?? []).map((a) => a.ID ?? a.Id ?? 0).filter((id) => id > 0),
  settings: s.Settings ?? 4,
  fuzzy: s.Fuzzy ?? 0,
  grouping: s.Grouping ?? '',
  props: s.Props ?? 2,
  prompts: (s.Detail ?? []).map((p) => ({
    fieldId: p.FID,
    operator: (p.Operator >= 1 && p.Operator <= 7 ? p.Operator : 2) as OperatorCode,
    prompt: p.Prompt ?? '',
    value: p.VAL ?? '',
  })),
  grantAll: false,
});

/** The archive tree under the root, parents before children (wire §2.3: children of each). */
async function walkArchives(r: Reader, db: number): Promise<(ArchiveEntry & { DBProperties?: number })[]> {
  const found: (ArchiveEntry & { DBProperties?: number })[] = [];
  let level = [0];
  while (level.length > 0) {
    const children = await each(level, async (parent) => {
      const a = await r.source.json<{ Archives: ArchiveEntry[] }>(`dbs/${db}/archives/${parent}`);
      return a.Archives ?? [];
    });
    const next: number[] = [];
    for (const archive of children.flat()) {
      if (found.some((f) => f.Id === archive.Id)) continue;
      found.push(archive);
      r.progress.add('archives');
      if (archive.Properties & ArchiveProperties.HasChildren) next.push(archive.Id);
    }
    level = next;
  }
  return found;
}

async function readDatabase(r: Reader, db: { Id: number; Name: string }): Promise<SnapDatabase> {
  const entries = await walkArchives(r, db.Id);
  const fields = new Map<number, SnapField>();
  const archives: SnapArchive[] = await each(entries, async (a) => {
    const defs =
      (await optional(r, `fields of archive '${a.Name}' (${db.Name})`, () =>
        r.source.json<WireField[]>(`dbs/${db.Id}/archives/${a.Id}`, { type: 'fields' }),
      )) ?? [];
    for (const d of defs)
      if (!fields.has(d.ID)) {
        fields.set(d.ID, fieldOf(d));
        r.progress.add('fields');
      }
    return {
      id: a.Id,
      name: a.Name,
      parent: a.Parent,
      flags: a.DBProperties ?? 0,
      contentSearch: false,
      fieldIds: defs.map((d) => d.ID),
      permissions: a.Permissions,
    };
  });
  const searches =
    (await optional(r, `searches of ${db.Name}`, () =>
      r.source.json<WireSearch[]>(`dbs/${db.Id}/searches`),
    )) ?? [];
  r.progress.add('searches', searches.length);
  r.progress.add('databases');
  return {
    id: db.Id,
    name: db.Name,
    fields: [...fields.values()],
    lists: [],
    mappings: [],
    tableFields: [],
    archives,
    searches: searches.map(searchOf),
  };
}

export async function readDatabases(r: Reader): Promise<SnapDatabase[]> {
  const answer = await r.source.json<{ Databases: { Id: number; Name: string }[] }>('dbs');
  const out: SnapDatabase[] = [];
  // one database at a time: its archives and fields already fill the source's limit
  for (const db of answer.Databases ?? []) out.push(await readDatabase(r, db));
  return out;
}

export async function readInboxes(r: Reader): Promise<SnapInbox[]> {
  const answer = await optional(r, 'inboxes', () =>
    r.source.json<{ Inboxes: { Id: number; Name: string; Permissions: number; Count?: number }[] }>(
      'inboxes',
    ),
  );
  if (answer?.Inboxes?.some((i) => (i.Count ?? 0) > 0))
    r.leftOut('files waiting in inboxes', 'documents are not copied from inboxes: they start empty');
  return (answer?.Inboxes ?? []).map((i) => ({ id: i.Id, name: i.Name, permissions: i.Permissions }));
}

export type { LeftOut };
