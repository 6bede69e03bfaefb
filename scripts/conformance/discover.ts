// What the checks run on, found through the wire itself so the kit works on any server: a licence,
// the database (--database or the first), the archive tree, and a search whose first page holds
// documents with files (wire §3, the call order real clients follow).
import { array, isInt, isObject, keys, object, status } from './expect';
import { Skip, type KitOptions } from './types';
import type { Wire } from './wire';

export interface ArchiveEntry {
  Id: number;
  Name: string;
  Parent: number;
  Permissions: number;
  Properties: number;
}

export interface FieldDef {
  ID: number;
  Name: string;
  Type: number;
  Prop: number;
  List: number;
  Size: number;
}

export interface SearchEntry {
  Id: number;
  Hash: string;
  Parent: number;
  Detail: { ID: number; FID: number; Operator: number }[];
  raw: Record<string, unknown>;
}

export interface DocEntry {
  Id: number;
  Hash: string;
  FileType: string;
  Fields: { ID: number; VAL: string; MVAL: string[] }[];
}

export interface Discovery {
  token: string;
  db: { Id: number; Name: string };
  archives: ArchiveEntry[];
  search: SearchEntry;
  /** the archive the search runs on */
  archiveId: number;
  docs: DocEntry[];
  fields(archiveId: number): Promise<FieldDef[]>;
}

/** Sign in with Basic (wire §2.1) and return the token. */
export async function signIn(wire: Wire, label = 'sign in'): Promise<string> {
  const a = await wire.call(label, 'licenses');
  status(a, 200, 'GET licenses');
  const license = keys(a.json, { Token: 'string' }, 'licence', false);
  return license.Token as string;
}

export const documentsPath = (db: number, search: number, archive: number): string =>
  `dbs/${db}/searches/${search}/archive/${archive}/documents`;
export const DOCUMENTS_TEMPLATE = 'dbs/{db}/searches/{search}/archive/{archive}/documents';

/** The archive a search runs on: its first archive, else its Parent. */
function searchArchive(s: Record<string, unknown>): number {
  const first = Array.isArray(s.Archives) ? (s.Archives[0] as unknown) : undefined;
  if (isObject(first)) {
    const id = first.ID ?? first.Id;
    if (isInt(id)) return id;
  }
  return s.Parent as number;
}

export async function discover(wire: Wire, options: KitOptions): Promise<Discovery> {
  const token = await signIn(wire);
  const auth = { token };
  const dbs = await wire.call('databases', 'dbs', auth);
  status(dbs, 200, 'GET dbs');
  const list = array(object(dbs.json, 'GET dbs').Databases, 'Databases') as { Id: number; Name: string }[];
  const db = options.database ? list.find((d) => d.Name === options.database) : list[0];
  if (!db)
    throw new Skip(`the user sees no database${options.database ? ` named '${options.database}'` : ''}`);

  const archives: ArchiveEntry[] = [];
  const queue = [0];
  while (queue.length > 0 && archives.length < 300) {
    const parent = queue.shift() as number;
    const a = await wire.call('archive walk', `dbs/${db.Id}/archives/${parent}`, {
      ...auth,
      template: 'dbs/{db}/archives/{archive}',
    });
    status(a, 200, `GET dbs/${db.Id}/archives/${parent}`);
    const children = array(object(a.json, 'archives').Archives, 'Archives') as ArchiveEntry[];
    for (const child of children) {
      archives.push(child);
      if (child.Properties & 2) queue.push(child.Id);
    }
  }

  const fieldCache = new Map<number, Promise<FieldDef[]>>();
  const fields = (archiveId: number): Promise<FieldDef[]> => {
    let got = fieldCache.get(archiveId);
    if (!got) {
      got = wire
        .call('fields', `dbs/${db.Id}/archives/${archiveId}`, {
          ...auth,
          query: { type: 'fields' },
          template: 'dbs/{db}/archives/{archive}?type=fields',
        })
        .then((a) => {
          status(a, 200, 'GET archive fields');
          return array(a.json, 'fields') as FieldDef[];
        });
      fieldCache.set(archiveId, got);
    }
    return got;
  };

  const searches = await wire.call('searches', `dbs/${db.Id}/searches`, {
    ...auth,
    template: 'dbs/{db}/searches',
  });
  status(searches, 200, 'GET searches');
  for (const raw of (array(searches.json, 'searches') as Record<string, unknown>[]).slice(0, 20)) {
    const archiveId = searchArchive(raw);
    const run = await wire.call('search probe', documentsPath(db.Id, raw.Id as number, archiveId), {
      ...auth,
      query: { SecureId: String(raw.Hash), SearchCriteria: '{}', page: 1, RecordsPerPage: 50 },
      template: DOCUMENTS_TEMPLATE,
    });
    if (run.status !== 200 || !isObject(run.json) || !Array.isArray(run.json.Docs)) continue;
    const docs = run.json.Docs as DocEntry[];
    if (
      docs.length >= 3 &&
      docs.some((d) => d.FileType) &&
      Array.isArray(raw.Detail) &&
      raw.Detail.length > 0
    ) {
      const search = { ...(raw as unknown as SearchEntry), raw };
      return { token, db, archives, search, archiveId, docs, fields };
    }
  }
  throw new Skip('no search of the database finds three documents with files');
}
