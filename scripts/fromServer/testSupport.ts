// For the seed's system tests: a stack started on a copy of a template, and what a client sees of
// a server as one user (catalogue, rights, documents), without ids, so a source and the scenario
// made from it compare as equal when the seed kept everything.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi } from '@gs/simulator-api/server';
import { copyTemplate } from '../lib/templates';
import { Wire } from '../conformance/wire';

export interface Stack {
  url: string;
  close(): Promise<void>;
}

/** An API on a fresh copy of `templateDir`, as a room starts from its template. */
export async function stackOn(templateDir: string): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gs-from-server-'));
  await copyTemplate(templateDir, dataDir);
  const api = await startApi({ port: 0, host: '127.0.0.1', dataDir, config: { corsOrigins: '*' } });
  return {
    url: `http://127.0.0.1:${api.port}/Square9API/api/`,
    close: async () => {
      await api.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Json = Record<string, unknown> & { [k: string]: unknown };

/** GET as `user` with Basic (no token: each call stands alone); the status and the JSON. */
export function client(url: string, user: string, password: string) {
  const wire = new Wire(url, user, password);
  const get = async (path: string, query: Record<string, string | number> = {}) => {
    const a = await wire.call('test', path, { query, unrecorded: true });
    return { status: a.status, json: a.json as unknown, bytes: a.bytes };
  };
  const json = async <T = Json>(path: string, query: Record<string, string | number> = {}): Promise<T> => {
    const a = await get(path, query);
    if (a.status !== 200) throw new Error(`${a.status} on ${path}`);
    return a.json as T;
  };
  const post = async (path: string, query: Record<string, string | number>, body: unknown) => {
    const a = await wire.call('test', path, { method: 'POST', query, json: body, unrecorded: true });
    return { status: a.status, json: a.json as unknown };
  };
  return { get, json, post };
}
export type Client = ReturnType<typeof client>;

interface Archive {
  Id: number;
  Name: string;
  Parent: number;
  Permissions: number;
  Properties: number;
  DBProperties: number;
}
interface Field {
  ID: number;
  Name: string;
  Type: number;
  Size: number;
  Mask: string;
  RegEx: string;
  Prop: number;
  List: number;
}
interface Search {
  Id: number;
  Name: string;
  Parent: number;
  Hash: string;
  Props: number;
  Settings: number;
  Archives: { ID: number }[];
  Detail: { FID: number; Operator: number; Prompt: string; VAL: string }[];
}

export interface View {
  databases: string[];
  archives: Record<string, unknown>;
  searches: Record<string, unknown>;
}

/** Archive paths ("Finance/Accounts Payable/Invoices") by id, walked as a client does. */
export async function archiveTree(c: Client, db: number): Promise<Map<number, { path: string; a: Archive }>> {
  const out = new Map<number, { path: string; a: Archive }>();
  const walk = async (parent: number, prefix: string) => {
    const { Archives } = await c.json<{ Archives: Archive[] }>(`dbs/${db}/archives/${parent}`);
    for (const a of Archives) {
      const path = `${prefix}/${a.Name}`;
      out.set(a.Id, { path, a });
      if (a.Properties & 2) await walk(a.Id, path);
    }
  };
  const { Databases } = await c.json<{ Databases: { Id: number; Name: string }[] }>('dbs');
  await walk(0, Databases.find((d) => d.Id === db)?.Name ?? String(db));
  return out;
}

/**
 * What `c`'s user sees: databases, archives (path, permissions, flags, fields with their rules) and
 * searches (archives, settings, the user's props, prompts by field name). `listBits`: false drops
 * the list bits and ids of fields (a scenario made without the admin API has no lists).
 */
export async function viewOf(c: Client, listBits = true): Promise<View> {
  const { Databases } = await c.json<{ Databases: { Id: number; Name: string }[] }>('dbs');
  const view: View = { databases: Databases.map((d) => d.Name).sort(), archives: {}, searches: {} };
  for (const db of Databases) {
    const tree = await archiveTree(c, db.Id);
    const names = new Map<number, string>();
    for (const [id, { path, a }] of tree) {
      const fields = await c.json<Field[]>(`dbs/${db.Id}/archives/${id}`, { type: 'fields' });
      fields.forEach((f) => names.set(f.ID, f.Name));
      view.archives[path] = {
        permissions: a.Permissions,
        flags: a.DBProperties,
        fields: fields.map((f) => ({
          name: f.Name,
          type: f.Type,
          size: f.Size,
          mask: f.Mask,
          regex: f.RegEx,
          prop: listBits ? f.Prop : f.Prop & ~(64 | 128),
          hasList: listBits ? f.List > 0 : undefined,
        })),
      };
    }
    for (const s of await c.json<Search[]>(`dbs/${db.Id}/searches`))
      view.searches[`${db.Name}/${s.Name}`] = {
        archives: s.Archives.map((a) => tree.get(a.ID)?.path),
        parent: tree.get(s.Parent)?.path ?? s.Parent,
        settings: s.Settings,
        props: s.Props,
        prompts: s.Detail.map((p) => [names.get(p.FID), p.Operator, p.Prompt, p.VAL]),
      };
  }
  return view;
}

/** The administration API's lists and field rules of every database, without ids. */
export async function adminView(c: Client): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const { Databases } = await c.json<{ Databases: { Id: number; Name: string }[] }>('dbs');
  for (const db of Databases) {
    const lists = await c.json<{ Id: number; Name: string; Values: string[] }[]>(
      `admin/databases/${db.Id}/lists`,
    );
    const listName = new Map(lists.map((l) => [l.Id, l.Name]));
    const fields = await c.json<Json[]>(`admin/databases/${db.Id}/fields`);
    out[db.Name] = {
      lists: lists.map((l) => [l.Name, l.Values]).sort(),
      fields: fields
        .map((f) => {
          const list = f.List as {
            Type: string;
            ListId: number;
            Mapping: { ListId: number; PrimaryValue: string }[];
          };
          return [
            f.Name,
            f.Required,
            f.MultiValue,
            f.RegexMessage,
            f.SystemField,
            list.Type,
            listName.get(list.ListId),
            list.Mapping.map((m) => [m.PrimaryValue, listName.get(m.ListId)]),
          ];
        })
        .sort(),
    };
  }
  return out;
}

/** The search a seed reads an archive's documents through: the first covering it without static prompts. */
export async function searchFor(c: Client, db: number, archive: number): Promise<Search | undefined> {
  const all = await c.json<Search[]>(`dbs/${db}/searches`);
  return all.find(
    (s) => s.Archives.some((a) => a.ID === archive) && s.Detail.every((p) => !/^\{.*\}$/.test(p.VAL)),
  );
}

export interface DocPrint {
  fields: [string, string, string[]][];
  file: string;
}

/** Up to `n` documents of each archive, by archive path: field values by name and the file's hash. */
export async function documentsOf(c: Client, n: number): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const { Databases } = await c.json<{ Databases: { Id: number; Name: string }[] }>('dbs');
  for (const db of Databases)
    for (const [id, { path }] of await archiveTree(c, db.Id)) {
      const s = await searchFor(c, db.Id, id);
      if (!s) continue;
      const page = await c.json<{
        Docs: { Id: number; Hash: string; Fields: { ID: number; VAL: string; MVAL: string[] }[] }[];
        Fields: Field[];
      }>(`dbs/${db.Id}/searches/${s.Id}/archive/${id}/documents`, {
        SecureId: s.Hash,
        SearchCriteria: '{}',
        page: 1,
        RecordsPerPage: n,
      });
      const names = new Map(page.Fields.map((f) => [f.ID, f.Name]));
      const prints: string[] = [];
      for (const d of page.Docs.slice(0, n)) {
        const file = await c.get(`dbs/${db.Id}/archives/${id}/documents/${d.Id}/File`, { SecureId: d.Hash });
        const fields = d.Fields.map((f) => [names.get(f.ID), f.VAL, f.MVAL]).sort();
        prints.push(JSON.stringify({ fields, file: createHash('sha1').update(file.bytes).digest('hex') }));
      }
      out[path] = prints.sort();
    }
  return out;
}
