// Databases (wire §2.2) and the archive tree and fields (§2.3).
import { array, isInt, keys, object, status, that } from '../expect';
import { Skip, type Check } from '../types';

const ARCHIVE = { Id: 'int', Name: 'string', Parent: 'int', Permissions: 'int', Properties: 'int' } as const;
export const FIELD = {
  ID: 'int',
  Name: 'string',
  List: 'int',
  Type: 'int',
  Mask: 'string',
  Size: 'int',
  RegEx: 'string',
  Prop: 'int',
  Parent: 'int',
  ListF1: 'int',
  ListF2: 'int',
} as const;

const archivesOf = (json: unknown, what: string): Record<string, unknown>[] =>
  array(object(json, what).Archives, `${what}: Archives`) as Record<string, unknown>[];

export const catalogueChecks: Check[] = [
  {
    id: 'databases.list',
    group: 'databases',
    title: 'GET dbs answers {"Databases":[{"Id","Name"}]} (§2.2)',
    ref: '§2.2',
    async run(ctx) {
      const { token } = await ctx.found();
      const a = await ctx.wire.call('dbs', 'dbs', { token });
      status(a, 200, 'GET dbs');
      const list = array(keys(a.json, { Databases: 'array' }, 'GET dbs').Databases, 'Databases');
      that(list.length > 0, 'Databases', 'at least one', list);
      for (const d of list) keys(d, { Id: 'int', Name: 'string' }, 'Database');
    },
  },
  {
    id: 'databases.one',
    group: 'databases',
    title: 'GET dbs/{id} answers the same wrapper holding that one database (§2.2)',
    ref: '§2.2',
    async run(ctx) {
      const { token, db } = await ctx.found();
      const a = await ctx.wire.call('db', `dbs/${db.Id}`, { token, template: 'dbs/{db}' });
      status(a, 200, 'GET dbs/{id}');
      const list = array(keys(a.json, { Databases: 'array' }, 'GET dbs/{id}').Databases, 'Databases');
      that(list.length === 1, 'Databases', 'one database', list.length);
      const one = keys(list[0], { Id: 'int', Name: 'string' }, 'Database');
      that(one.Id === db.Id && one.Name === db.Name, 'Database', `${db.Id} ${db.Name}`, one);
    },
  },
  {
    id: 'archives.roots',
    group: 'archives',
    title:
      'GET dbs/{db}/archives answers {"Archives":[{Id,Name,Parent,Permissions,Properties}]}, roots with Parent 0 (§2.3)',
    ref: '§2.3',
    async run(ctx) {
      const { token, db } = await ctx.found();
      const a = await ctx.wire.call('roots', `dbs/${db.Id}/archives`, {
        token,
        template: 'dbs/{db}/archives',
      });
      status(a, 200, 'GET archives');
      const list = archivesOf(a.json, 'GET archives');
      that(list.length > 0, 'Archives', 'at least one root', list);
      for (const x of list) {
        const arch = keys(x, ARCHIVE, 'Archive');
        that(arch.Parent === 0, `Archive ${String(arch.Id)} Parent`, '0', arch.Parent);
        that(
          (arch.Permissions as number) <= 1048575,
          'Archive Permissions',
          'a 20-bit mask (§4)',
          arch.Permissions,
        );
      }
    },
  },
  {
    id: 'archives.zero',
    group: 'archives',
    title: 'GET dbs/{db}/archives/0 answers the roots, as archives does (§2.3, CWN)',
    ref: '§2.3',
    async run(ctx) {
      const { token, db } = await ctx.found();
      const roots = await ctx.wire.call('roots', `dbs/${db.Id}/archives`, {
        token,
        template: 'dbs/{db}/archives',
      });
      const zero = await ctx.wire.call('zero', `dbs/${db.Id}/archives/0`, {
        token,
        template: 'dbs/{db}/archives/0',
      });
      status(zero, 200, 'GET archives/0');
      that(zero.text === roots.text, 'GET archives/0', 'the roots', zero.text);
    },
  },
  {
    id: 'archives.children',
    group: 'archives',
    title:
      'GET dbs/{db}/archives/{id} answers the direct children (Parent = id) of an archive with Properties & 2 (§2.3)',
    ref: '§2.3',
    async run(ctx) {
      const { token, db, archives } = await ctx.found();
      const parent = archives.find((x) => x.Properties & 2 && archives.some((c) => c.Parent === x.Id));
      if (!parent) throw new Skip('no archive with sub-archives');
      const a = await ctx.wire.call('children', `dbs/${db.Id}/archives/${parent.Id}`, {
        token,
        template: 'dbs/{db}/archives/{archive}',
      });
      status(a, 200, 'GET archives/{id}');
      const list = archivesOf(a.json, 'GET archives/{id}');
      that(list.length > 0, 'children', 'at least one', list);
      for (const x of list) {
        const child = keys(x, ARCHIVE, 'Archive');
        that(child.Parent === parent.Id, 'child Parent', String(parent.Id), child.Parent);
      }
    },
  },
  {
    id: 'archives.fields',
    group: 'archives',
    title:
      'GET dbs/{db}/archives/{id}?type=fields answers a bare array of {ID,Name,List,Type,Mask,Size,RegEx,Prop,Parent,ListF1,ListF2}, Type 1-4 (§2.3, §4)',
    ref: '§2.3',
    async run(ctx) {
      const { token, db, archiveId } = await ctx.found();
      const a = await ctx.wire.call('fields', `dbs/${db.Id}/archives/${archiveId}`, {
        token,
        query: { type: 'fields' },
        template: 'dbs/{db}/archives/{archive}?type=fields',
      });
      status(a, 200, 'GET archives/{id}?type=fields');
      const list = array(a.json, 'fields');
      that(list.length > 0, 'fields', 'at least one', list);
      for (const f of list) {
        const field = keys(f, FIELD, 'Field');
        that(
          isInt(field.Type) && field.Type >= 1 && field.Type <= 4,
          `Field ${String(field.ID)} Type`,
          '1..4',
          field.Type,
        );
      }
    },
  },
];
