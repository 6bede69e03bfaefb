// Documents of each archive through a search that covers it (wire §2.4), and per copied document
// its file (GET …/File, which audits nothing unless asked with audit=true) and its history
// (GET …/audit). For synthesis only field values are sampled, to learn their shapes.
import { documentsPath } from '../conformance/discover';
import { optional, type Reader } from './readCatalogue';
import { each } from './source';
import type { Spool } from './spool';
import type { SnapArchive, SnapDatabase, SnapDocument, SnapHistory } from './model';

export interface WireDoc {
  Id: number;
  Hash: string;
  FileType?: string;
  Fields?: { ID: number; VAL?: string; MVAL?: string[] }[];
}

interface WireLogEntry {
  Message?: string;
  UserName?: string;
  Time?: string;
  Category?: string;
}

/** The first page of up to `n` documents of the archive, or undefined (left out) when none can be read. */
export async function firstDocuments(r: Reader, db: SnapDatabase, archive: SnapArchive, n: number) {
  const search =
    db.searches.find(
      (s) => s.archiveIds.includes(archive.id) && s.prompts.every((p) => !/^\{.*\}$/.test(p.value)),
    ) ?? db.searches.find((s) => s.archiveIds.includes(archive.id));
  if (!search) {
    r.leftOut(
      `documents of '${archive.name}' (${db.name})`,
      'no search the account may run covers the archive',
    );
    return undefined;
  }
  const hash = await searchHash(r, db, search.id);
  if (hash === undefined) return undefined;
  const page = await optional(r, `documents of '${archive.name}' (${db.name})`, () =>
    r.source.json<{ Docs?: WireDoc[] }>(documentsPath(db.id, search.id, archive.id), {
      SecureId: hash,
      SearchCriteria: '{}',
      page: 1,
      RecordsPerPage: Math.max(1, n),
    }),
  );
  return page ? (page.Docs ?? []).slice(0, n) : undefined;
}

const hashes = new WeakMap<SnapDatabase, Promise<Map<number, string>>>();

/** The searches' secure ids (Hash) as the account's search list gives them. */
async function searchHash(r: Reader, db: SnapDatabase, searchId: number): Promise<string | undefined> {
  let all = hashes.get(db);
  if (!all) {
    all = r.source
      .json<{ Id: number; Hash: string }[]>(`dbs/${db.id}/searches`)
      .then((list) => new Map(list.map((s) => [s.Id, s.Hash])))
      .catch(() => new Map<number, string>());
    hashes.set(db, all);
  }
  return (await all).get(searchId);
}

const historyOf = (e: WireLogEntry): SnapHistory => ({
  userName: e.UserName ?? '',
  category: e.Category ?? '',
  message: e.Message ?? '',
  time: Date.parse(e.Time ?? '') || 0,
});

/** Copy up to `n` documents of every archive: values, file bytes, history. */
export async function copyDocuments(
  r: Reader,
  dbs: SnapDatabase[],
  n: number,
  spool: Spool,
): Promise<SnapDocument[]> {
  const out: SnapDocument[] = [];
  const archives = dbs.flatMap((db) => db.archives.map((archive) => ({ db, archive })));
  for (const db of dbs.filter((d) => d.tableFields.length > 0))
    r.leftOut(
      `table field rows of the documents of ${db.name}`,
      'no documented route gives them: they start empty',
    );
  r.progress.begin('copying documents', archives.length * n);
  for (const { db, archive } of archives) {
    const docs = (await firstDocuments(r, db, archive, n)) ?? [];
    const copied = await each(docs, async (d): Promise<SnapDocument | undefined> => {
      const base = `dbs/${db.id}/archives/${archive.id}/documents/${d.Id}`;
      const bytes = d.FileType
        ? await optional(r, `file of document ${d.Id} in '${archive.name}'`, () =>
            r.source.bytes(`${base}/File`, { SecureId: d.Hash }),
          )
        : new Uint8Array();
      if (bytes === undefined) return undefined;
      const file = await spool(bytes, d.FileType ?? '');
      const log =
        (await optional(r, `history of document ${d.Id} in '${archive.name}'`, () =>
          r.source.json<WireLogEntry[]>(`${base}/audit`, { SecureId: d.Hash }),
        )) ?? [];
      r.progress.add('documents');
      r.progress.step();
      return {
        dbId: db.id,
        archiveId: archive.id,
        values: (d.Fields ?? []).map((f) => ({ id: f.ID, val: f.VAL ?? '', mval: f.MVAL ?? [] })),
        fileType: d.FileType ?? '',
        file,
        history: log.map(historyOf),
      };
    });
    out.push(...copied.filter((d): d is SnapDocument => d !== undefined));
    r.progress.step(n - docs.length);
  }
  return out;
}

/** Field values seen in a sample of each archive's documents, by database and field: shapes only are used. */
export async function sampleValues(r: Reader, dbs: SnapDatabase[], n = 25): Promise<Map<string, string[]>> {
  const seen = new Map<string, string[]>();
  const archives = dbs.flatMap((db) => db.archives.map((archive) => ({ db, archive })));
  r.progress.begin('sampling value patterns', archives.length);
  for (const { db, archive } of archives) {
    const docs = (await firstDocuments(r, db, archive, n)) ?? [];
    for (const d of docs)
      for (const f of d.Fields ?? []) {
        const key = `${db.id}:${f.ID}`;
        const values = [f.VAL ?? '', ...(f.MVAL ?? [])].filter((v) => v !== '');
        if (values.length) seen.set(key, [...(seen.get(key) ?? []), ...values].slice(-50));
      }
    r.progress.step();
  }
  return seen;
}
