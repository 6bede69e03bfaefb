// `userAdmin/secured|unsecured|s9groups|user|group|users/import` (square9api-wire.md §2.8,
// admin-spec §5, §6): a user administrator lists, creates, changes and deletes users and groups.
// Names are unique across users and groups, whatever their casing ('The user ... already
// exists.', 409); passwords are hashed (scrypt) before they are stored. The bodies of user and
// group, and the CSV import, are our design (contract/admin/security.ts, decision 020).
import { Router } from 'express';
import { z } from 'zod';
import {
  AccountType,
  DEFAULT_LICENSE,
  MAX_PRINCIPAL_NAME,
  groupExists,
  userExists,
  type S9Group,
  type SecurityPrincipal,
  type UserImportReply,
} from '@gs/contract/admin/security';
import type { RouteDeps } from '../../deps';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { userAdminReader, userAdminWriter } from '../../http/adminPolicies';
import { asSent, queryLookup, route } from '../../http/route';
import { bodyOf, int32, parseBody, trimmed } from '../../lib/zodInput';
import { hashPasswordAsync } from '../services/passwords';
import { PRINCIPAL_GROUP, PRINCIPAL_USER, type PrincipalsRepo } from '../repos/principalsRepo';
import { kindOf, userAdminMessages } from '../services/userAdmin';
import { parseUserCsv } from '../services/userImport';

// ':' would split a Basic credential; control characters have no place in a name
const nameSchema = trimmed.pipe(
  z
    .string()
    .min(1, 'Name is required.')
    .max(MAX_PRINCIPAL_NAME)
    .regex(/^[^:\p{Cc}]+$/u, 'A name may not hold a colon or control characters.'),
);
const passwordSchema = z.string().min(1, 'Password is required.').max(128);
const emailSchema = trimmed.pipe(z.union([z.literal(''), z.email().max(254)]));
const licenseSchema = int32.pipe(z.union([z.literal(1), z.literal(2), z.literal(4)]));
const userBody = z.object({
  name: nameSchema,
  password: passwordSchema.optional(),
  email: emailSchema.optional(),
  license: licenseSchema.optional(),
  type: int32.optional(),
  users: z.array(nameSchema).max(10000).optional(),
});
const userUpdate = z.object({
  password: passwordSchema.optional(),
  email: emailSchema.optional(),
  license: licenseSchema.optional(),
});
const groupBody = z.object({ name: nameSchema.optional(), users: z.array(nameSchema).max(10000) });
const importBody = z.object({ csv: z.string().min(1) });

/** 409 when the name is taken by a user or a group, in any casing. */
function requireFreeName(repo: PrincipalsRepo, name: string, group: boolean): void {
  if (repo.find(PRINCIPAL_USER, name) || repo.find(PRINCIPAL_GROUP, name))
    throw new HttpError(409, { Message: group ? groupExists(name) : userExists(name) });
}

/** The ids of named users (404 for one that is not a user). */
const memberIds = (repo: PrincipalsRepo, names: string[]): number[] =>
  names.map((n) => {
    const u = repo.find(PRINCIPAL_USER, n);
    if (!u) throw notFound(userAdminMessages.noUser(n));
    return u.id;
  });

export function createUserAdminPrincipalsRouter(deps: RouteDeps): Router {
  const repo = deps.repos.principals;
  const router = Router();
  const reading = { policy: userAdminReader };
  /** the query as a Lookup, and the body as sent (read after the query's name, as always) */
  const writing = { query: queryLookup, body: asSent, policy: userAdminWriter };

  /** every user and group with their databases; secured: those with at least one */
  const principals = (secured: boolean): SecurityPrincipal[] => {
    const dbs = new Map<string, SecurityPrincipal['SecuredDBs']>();
    for (const g of repo.databaseGrants()) {
      const k = `${g.principalType}:${g.principalId}`;
      dbs.set(k, [
        ...(dbs.get(k) ?? []),
        { Id: g.databaseId, Name: g.databaseName, SecurityLevel: g.level, Manager: false },
      ]);
    }
    const users: SecurityPrincipal[] = repo.users().map((u) => ({
      Name: u.name,
      Email: u.email,
      License: u.licenseType,
      Type: AccountType.User,
      SecuredDBs: (dbs.get(`${PRINCIPAL_USER}:${u.id}`) ?? []).map((d) => ({ ...d, Manager: u.canDelegate })),
    }));
    const groups: SecurityPrincipal[] = repo.groups().map((g) => ({
      Name: g.name,
      Email: '',
      License: 0,
      Type: AccountType.Group,
      SecuredDBs: dbs.get(`${PRINCIPAL_GROUP}:${g.id}`) ?? [],
    }));
    return [...users, ...groups].filter((p) => p.SecuredDBs.length > 0 === secured);
  };

  router.get(
    '/userAdmin/secured',
    ...route(deps, reading, () => {
      return principals(true);
    }),
  );

  router.get(
    '/userAdmin/unsecured',
    ...route(deps, reading, () => {
      return principals(false);
    }),
  );

  router.get(
    '/userAdmin/s9groups',
    ...route(deps, reading, () => {
      const members = repo.members();
      const out: S9Group[] = repo.groups().map((g) => ({ Name: g.name, Users: members.get(g.id) ?? [] }));
      return out;
    }),
  );

  const createGroup = (name: string, users: string[]): S9Group =>
    repo.transaction(() => {
      requireFreeName(repo, name, true);
      const ids = memberIds(repo, users);
      repo.setMembers(repo.insertGroup(name), ids);
      return { Name: name, Users: users };
    });

  router.post(
    '/userAdmin/user',
    ...route(deps, writing, async (_c, { body: raw }) => {
      const body = parseBody(userBody, raw, '{Name,Password,Email,License,Type}');
      if (kindOf(body.type) === PRINCIPAL_GROUP) return createGroup(body.name, body.users ?? []);
      if (!body.password)
        throw badRequest('The request body must be {Name,Password,...}: Password is required.');
      const hash = await hashPasswordAsync(body.password);
      const license = body.license ?? DEFAULT_LICENSE;
      const email = body.email ?? '';
      repo.transaction(() => {
        requireFreeName(repo, body.name, false);
        repo.insertUser({ name: body.name, hash, license, email });
      });
      const saved: SecurityPrincipal = {
        Name: body.name,
        Email: email,
        License: license,
        Type: AccountType.User,
        SecuredDBs: [],
      };
      return saved;
    }),
  );

  router.put(
    '/userAdmin/user',
    ...route(deps, writing, async (_c, { query: q, body: raw }) => {
      const name = requiredName(q('name'));
      const body = parseBody(userUpdate, raw, '{Password,Email,License}');
      const hash = body.password === undefined ? undefined : await hashPasswordAsync(body.password);
      repo.transaction(() => {
        const user = repo.find(PRINCIPAL_USER, name);
        if (!user) throw notFound(userAdminMessages.noUser(name));
        repo.updateUser(user.id, { hash, email: body.email, license: body.license });
      });
      return true;
    }),
  );

  router.delete(
    '/userAdmin/user',
    ...route(deps, writing, ({ access }, { query: q }) => {
      const name = requiredName(q('name'));
      repo.transaction(() => {
        const user = repo.find(PRINCIPAL_USER, name);
        if (!user) throw notFound(userAdminMessages.noUser(name));
        if (user.id === access.user.id) throw badRequest(userAdminMessages.self);
        repo.remove(user);
      });
      return true;
    }),
  );

  router.post(
    '/userAdmin/group',
    ...route(deps, writing, (_c, { query: q, body: raw }) => {
      const body = parseBody(groupBody, raw, '{Name,Users:[string]}');
      const name = body.name || requiredName(q('name'));
      return createGroup(name, body.users);
    }),
  );

  router.put(
    '/userAdmin/group',
    ...route(deps, writing, (_c, { query: q, body: raw }) => {
      const name = requiredName(q('groupName'));
      const body = parseBody(groupBody, raw, '{Users:[string]}');
      repo.transaction(() => {
        const group = repo.find(PRINCIPAL_GROUP, name);
        if (!group) throw notFound(userAdminMessages.noGroup(name));
        repo.setMembers(group.id, memberIds(repo, body.users));
      });
      const saved: S9Group = { Name: name, Users: body.users };
      return saved;
    }),
  );

  router.delete(
    '/userAdmin/group',
    ...route(deps, writing, (_c, { query: q }) => {
      const name = requiredName(q('name'));
      repo.transaction(() => {
        const group = repo.find(PRINCIPAL_GROUP, name);
        if (!group) throw notFound(userAdminMessages.noGroup(name));
        repo.remove(group);
      });
      return true;
    }),
  );

  router.post(
    '/userAdmin/users/import',
    ...route(deps, { body: bodyOf(importBody, '{Csv}'), policy: userAdminWriter }, async (_c, { body }) => {
      const rows = parseUserCsv(body.csv);
      const reply: UserImportReply = { Added: [], NotAdded: [] };
      const ready: { name: string; email: string; license: number; password: string }[] = [];
      for (const r of rows) {
        const fault = importFault(r.name, r.password, r.email, r.license);
        if (fault) reply.NotAdded.push({ Name: r.name, Message: fault });
        else
          ready.push({
            name: r.name,
            email: r.email,
            license: Number(r.license || DEFAULT_LICENSE),
            password: r.password,
          });
      }
      const hashes = await Promise.all(ready.map((r) => hashPasswordAsync(r.password)));
      repo.transaction(() => {
        ready.forEach((r, i) => {
          if (repo.find(PRINCIPAL_USER, r.name) || repo.find(PRINCIPAL_GROUP, r.name))
            return void reply.NotAdded.push({ Name: r.name, Message: userExists(r.name) });
          repo.insertUser({ name: r.name, hash: hashes[i] ?? '', license: r.license, email: r.email });
          reply.Added.push(r.name);
        });
      });
      return reply;
    }),
  );

  return router;
}

function requiredName(value: string | undefined): string {
  const name = value?.trim();
  if (!name) throw badRequest('The query parameter naming the user or group is required.');
  return name;
}

/** Why a CSV row cannot be added, or undefined when it can. */
function importFault(name: string, password: string, email: string, license: string): string | undefined {
  const checks: [z.ZodType, unknown][] = [
    [nameSchema, name],
    [passwordSchema, password],
    [emailSchema, email],
    [licenseSchema, license || String(DEFAULT_LICENSE)],
  ];
  for (const [schema, value] of checks) {
    const r = schema.safeParse(value);
    if (!r.success) return `The user ${name} cannot be added: ${r.error.issues[0]?.message ?? 'invalid'}`;
  }
  return undefined;
}
