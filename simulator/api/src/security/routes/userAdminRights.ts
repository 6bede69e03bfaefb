// `userAdmin/tree|archives|inboxes|databases|searches|searchType` (square9api-wire.md §2.8,
// admin-spec §6): one user's or group's own rights, read and set by a user administrator. The
// `Permissions` of the POST bodies are our design (contract/admin/security.ts, decision 020); a
// GET of `databases` (the principal's level on one database) is ours too. Every POST is one
// transaction: an unknown principal or target leaves every grant as it was.
import { Router } from 'express';
import { z } from 'zod';
import type {
  DatabasePermissions,
  SavedReply,
  SearchSecurity,
  SuccessReply,
} from '@gs/contract/admin/security';
import {
  ALL_ARCHIVE_PERMISSIONS,
  ArchivePermission,
  DatabaseSecurity,
  SearchProps,
} from '@gs/contract/flags';
import type { RouteDeps } from '../../deps';
import { notFound } from '../../domain/errors';
import { bodyOf, int32, looseBool } from '../../lib/zodInput';
import { lookupOf, type Lookup } from '../../lib/keys';
import { messages } from '../services/access';
import { userAdminReader, userAdminWriter } from '../../http/adminPolicies';
import { principalOf } from './principalQuery';
import { requiredIntOf } from '../../http/query';
import { queryLookup, route } from '../../http/route';
import { principalsOf, securityTree, targetSchema, userRefSchema } from '../services/userAdmin';

const request = <T extends z.ZodType>(permissions: T) =>
  z.object({
    users: z.array(userRefSchema).min(1, 'Users must name at least one user or group.').max(1000),
    targets: z.array(targetSchema).min(1, 'Targets must name at least one target.').max(10000),
    permissions,
  });
const maskBody = request(z.object({ mask: int32.pipe(z.number().min(0).max(ALL_ARCHIVE_PERMISSIONS)) }));
const dbBody = request(
  z.object({
    access: looseBool,
    level: int32
      .pipe(
        z
          .number()
          .min(0)
          .max(DatabaseSecurity.Admin | DatabaseSecurity.DeleteBatches),
      )
      .optional(),
  }),
);
const searchBody = request(z.object({ granted: looseBool }));
const searchTypeBody = request(z.object({ type: z.enum(['default', 'queue', 'direct']), value: looseBool }));
const EXPECTED = '{Users:[{Name,Type}],Targets:[{Id,Database}],Permissions:{…}}';

const TYPE_BIT = { default: SearchProps.Default, queue: SearchProps.Queue, direct: SearchProps.Direct };
const inboxNotFound = (id: number) => `Inbox ${id} was not found.`;

/** "View is switched on automatically when any other box is ticked" (globalsearch-ux §16). */
const withView = (mask: number): number => (mask ? mask | ArchivePermission.View : 0);

export function createUserAdminRightsRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const { principals, grants } = repos;
  const router = Router();
  const reading = { query: queryLookup, policy: userAdminReader };
  const writing = <T extends z.ZodType>(schema: T) => ({
    body: bodyOf(schema, EXPECTED),
    policy: userAdminWriter,
  });

  const archiveIn = (id: number, db: number | undefined) => {
    const a = repos.archives.byId(id);
    if (!a || (db !== undefined && a.databaseId !== db)) throw notFound(messages.archive(db ?? 0, id));
    return a;
  };
  const searchIn = (id: number, db: number | undefined) => {
    const s = repos.searches.byId(id);
    if (!s || (db !== undefined && s.databaseId !== db)) throw notFound(messages.search(db ?? 0, id));
    return s;
  };
  const databaseOf = (db: number) => {
    if (!repos.databases.byId(db)) throw notFound(messages.database(db));
    return db;
  };

  /** the query as a Lookup, and whether it names a user at all (a key `username` in any casing) */
  const treeQuery = (raw: unknown): { q: Lookup; named: boolean } => {
    const record = (raw ?? {}) as Record<string, unknown>;
    return { q: lookupOf(record), named: Object.keys(record).some((k) => k.toLowerCase() === 'username') };
  };
  router.get(
    '/userAdmin/tree',
    ...route(deps, { query: treeQuery, policy: userAdminReader }, (_c, { query: { q, named } }) => {
      const rows = grants.tree();
      const props = new Map<number, number>();
      if (named) {
        const p = principalOf(q, principals);
        for (const d of rows.databases)
          for (const [id, bits] of grants.searchProps(p, d.id)) props.set(id, bits);
      }
      return securityTree(rows, props);
    }),
  );

  router.get(
    '/userAdmin/archives',
    ...route(deps, reading, (_c, { query: q }) => {
      const archive = archiveIn(requiredIntOf(q, 'archive'), requiredIntOf(q, 'db'));
      return grants.archiveMask(principalOf(q, principals), archive.id);
    }),
  );

  router.get(
    '/userAdmin/inboxes',
    ...route(deps, reading, (_c, { query: q }) => {
      const inbox = requiredIntOf(q, 'inbox');
      if (!repos.inboxes.byId(inbox)) throw notFound(inboxNotFound(inbox));
      return grants.inboxMask(principalOf(q, principals), inbox);
    }),
  );

  router.get(
    '/userAdmin/databases',
    ...route(deps, reading, (_c, { query: q }) => {
      const db = databaseOf(requiredIntOf(q, 'db'));
      const level = grants.databaseLevel(principalOf(q, principals), db);
      const body: DatabasePermissions = { Access: level !== undefined, Level: level ?? 0 };
      return body;
    }),
  );

  router.get(
    '/userAdmin/searches',
    ...route(deps, reading, (_c, { query: q }) => {
      const db = databaseOf(requiredIntOf(q, 'db'));
      const out: SearchSecurity[] = [...grants.searchProps(principalOf(q, principals), db)].map(
        ([Id, Properties]) => ({
          Id,
          Properties,
          IsDefault: (Properties & SearchProps.Default) !== 0,
          IsQueue: (Properties & SearchProps.Queue) !== 0,
          IsDirect: (Properties & SearchProps.Direct) !== 0,
        }),
      );
      return out;
    }),
  );

  router.post(
    '/userAdmin/archives',
    ...route(deps, writing(maskBody), (_c, { body }) => {
      principals.transaction(() => {
        const who = principalsOf(principals, body.users);
        const targets = body.targets.map((t) => archiveIn(t.id, t.database));
        for (const p of who)
          for (const a of targets) grants.setArchive(p, a.id, withView(body.permissions.mask));
      });
      const reply: SavedReply = { Saved: 1 };
      return reply;
    }),
  );

  router.post(
    '/userAdmin/inboxes',
    ...route(deps, writing(maskBody), (_c, { body }) => {
      principals.transaction(() => {
        const who = principalsOf(principals, body.users);
        for (const t of body.targets) if (!repos.inboxes.byId(t.id)) throw notFound(inboxNotFound(t.id));
        for (const p of who)
          for (const t of body.targets) grants.setInbox(p, t.id, withView(body.permissions.mask));
      });
      const reply: SavedReply = { Saved: 1 };
      return reply;
    }),
  );

  router.post(
    '/userAdmin/databases',
    ...route(deps, writing(dbBody), (_c, { body }) => {
      principals.transaction(() => {
        const who = principalsOf(principals, body.users);
        // a database target names the database by Id (Database, when sent, must agree)
        const dbs = body.targets.map((t) =>
          databaseOf(t.database !== undefined && t.database !== t.id ? -1 : t.id),
        );
        const { access, level = 0 } = body.permissions;
        for (const p of who) for (const db of dbs) grants.setDatabase(p, db, access, level);
      });
      const reply: SuccessReply = { Success: true };
      return reply;
    }),
  );

  router.post(
    '/userAdmin/searches',
    ...route(deps, writing(searchBody), (_c, { body }) => {
      principals.transaction(() => {
        const who = principalsOf(principals, body.users);
        const searches = body.targets.map((t) => searchIn(t.id, t.database));
        for (const p of who)
          for (const s of searches)
            grants.setSearch(
              p,
              s.id,
              body.permissions.granted ? (grants.searchGrant(p, s.id) ?? SearchProps.Search) : undefined,
            );
      });
      const reply: SuccessReply = { Success: true };
      return reply;
    }),
  );

  router.post(
    '/userAdmin/searchType',
    ...route(deps, writing(searchTypeBody), (_c, { body }) => {
      const bit = TYPE_BIT[body.permissions.type];
      principals.transaction(() => {
        const who = principalsOf(principals, body.users);
        const searches = body.targets.map((t) => searchIn(t.id, t.database));
        for (const p of who)
          for (const s of searches) {
            // setting a type grants the search; only one default per archive per principal
            const props = grants.searchGrant(p, s.id) ?? SearchProps.Search;
            grants.setSearch(p, s.id, body.permissions.value ? props | bit : props & ~bit);
            if (bit === SearchProps.Default && body.permissions.value) grants.clearOtherDefaults(p, s);
          }
      });
      const reply: SuccessReply = { Success: true };
      return reply;
    }),
  );

  return router;
}
