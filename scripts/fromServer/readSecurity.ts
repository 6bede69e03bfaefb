// Users, groups and their rights through userAdmin (wire §2.8) where the account may read them;
// otherwise only the seeding account, with the rights it sees on each archive, search and inbox.
// Passwords are never read (the routes hold none); every user gets the one given to the seed.
import type { AdminInboxSecurity } from '@gs/contract/admin/server';
import type { S9Group, SearchSecurity, SecurityPrincipal } from '@gs/contract/admin/security';
import { AccountType } from '@gs/contract/admin/security';
import { optional, reasonOf, type Reader } from './readCatalogue';
import { each } from './source';
import type { SnapDatabase, SnapGrants, SnapInbox, SnapPrincipal } from './model';

export interface Security {
  principals: SnapPrincipal[];
  grants: SnapGrants[];
}

const q = (p: Record<string, string | number>) => p;

/** The seeding account alone, with what the end-user API shows of its rights. */
function ownRights(
  name: string,
  license: number,
  dbs: SnapDatabase[],
  inboxes: SnapInbox[],
  adminDbs: Set<number>,
): Security {
  return {
    principals: [
      { kind: 'user', name, email: '', license, members: [], adminAll: adminDbs.size > 0, userAdmin: false },
    ],
    grants: [
      {
        kind: 'user',
        name,
        databases: dbs.map((d) => ({ dbId: d.id, level: adminDbs.has(d.id) ? 1 : 0 })),
        archives: dbs.flatMap((d) =>
          d.archives.map((a) => ({ dbId: d.id, archiveId: a.id, mask: a.permissions })),
        ),
        searches: dbs.flatMap((d) =>
          d.searches.map((s) => ({ dbId: d.id, searchId: s.id, props: s.props | 2 })),
        ),
        inboxes: inboxes.map((i) => ({ inboxId: i.id, mask: i.permissions })),
      },
    ],
  };
}

async function rightsOf(
  r: Reader,
  p: SecurityPrincipal,
  dbs: SnapDatabase[],
  inboxSecurity: Map<number, AdminInboxSecurity[]>,
): Promise<SnapGrants> {
  const kind = p.Type === AccountType.Group ? 'group' : 'user';
  const who = { username: p.Name, ...(kind === 'group' ? { type: AccountType.Group } : {}) };
  const grants: SnapGrants = { kind, name: p.Name, databases: [], archives: [], searches: [], inboxes: [] };
  for (const secured of p.SecuredDBs ?? []) {
    const db = dbs.find((d) => d.id === secured.Id);
    if (!db) continue;
    grants.databases.push({ dbId: db.id, level: secured.SecurityLevel ?? 0 });
    const masks = await each(db.archives, (a) =>
      r.source.json<number>('userAdmin/archives', q({ db: db.id, archive: a.id, ...who })).then(
        (mask) => ({ dbId: db.id, archiveId: a.id, mask: Number(mask) || 0 }),
        (err: unknown) => {
          r.leftOut(`${kind} ${p.Name}'s rights on '${a.name}' (${db.name})`, reasonOf(err));
          return { dbId: db.id, archiveId: a.id, mask: 0 };
        },
      ),
    );
    grants.archives.push(...masks.filter((m) => m.mask > 0));
    const searches = await r.source
      .json<SearchSecurity[]>('userAdmin/searches', q({ db: db.id, ...who }))
      .catch((err: unknown) => {
        r.leftOut(`${kind} ${p.Name}'s searches in ${db.name}`, reasonOf(err));
        return [] as SearchSecurity[];
      });
    grants.searches.push(...searches.map((s) => ({ dbId: db.id, searchId: s.Id, props: s.Properties })));
  }
  const type = kind === 'group' ? 0 : 1;
  for (const [inboxId, entries] of inboxSecurity)
    for (const e of entries)
      if (e.Type === type && e.User.toLowerCase() === p.Name.toLowerCase())
        grants.inboxes.push({ inboxId, mask: e.Permissions });
  return grants;
}

export async function readSecurity(
  r: Reader,
  self: { name: string; license: number },
  dbs: SnapDatabase[],
  inboxes: SnapInbox[],
  adminDbs: Set<number>,
): Promise<Security> {
  const secured = await optional(r, 'users, groups and their rights', () =>
    r.source.json<SecurityPrincipal[]>('userAdmin/secured'),
  );
  if (!secured) {
    r.leftOut(
      'other users and groups',
      `only the seeding account '${self.name}' is made, with the rights it has`,
    );
    return ownRights(self.name, self.license, dbs, inboxes, adminDbs);
  }
  const unsecured = (await r.source.json<SecurityPrincipal[]>('userAdmin/unsecured').catch(() => [])) ?? [];
  const groups = (await r.source.json<S9Group[]>('userAdmin/s9groups').catch(() => [])) ?? [];
  const inboxSecurity = new Map<number, AdminInboxSecurity[]>();
  const security = await each(inboxes, (i) =>
    optional(r, `security of inbox '${i.name}'`, () =>
      r.source.json<AdminInboxSecurity[]>(`admin/inboxes/${i.id}`),
    ),
  );
  inboxes.forEach((i, n) => inboxSecurity.set(i.id, security[n] ?? []));
  const all = [...secured, ...unsecured];
  const principals: SnapPrincipal[] = all.map((p) => {
    const isGroup = p.Type === AccountType.Group;
    const isSelf = !isGroup && p.Name.toLowerCase() === self.name.toLowerCase();
    return {
      kind: isGroup ? 'group' : 'user',
      name: p.Name,
      email: p.Email ?? '',
      license: isGroup ? 0 : p.License || self.license,
      members: isGroup ? (groups.find((g) => g.Name === p.Name)?.Users ?? []) : [],
      // only the seeding account is known to administer the server (it read the admin API)
      adminAll: isSelf && adminDbs.size > 0,
      userAdmin: isSelf,
    };
  });
  for (const g of groups)
    if (!principals.some((p) => p.kind === 'group' && p.name === g.Name))
      principals.push({
        kind: 'group',
        name: g.Name,
        email: '',
        license: 0,
        members: g.Users,
        adminAll: false,
        userAdmin: false,
      });
  if (!principals.some((p) => p.kind === 'user' && p.name.toLowerCase() === self.name.toLowerCase()))
    principals.push({
      kind: 'user',
      name: self.name,
      email: '',
      license: self.license,
      members: [],
      adminAll: adminDbs.size > 0,
      userAdmin: true,
    });
  const grants: SnapGrants[] = [];
  const archivesOf = (p: SecurityPrincipal) =>
    (p.SecuredDBs ?? []).reduce((n, s) => n + (dbs.find((d) => d.id === s.Id)?.archives.length ?? 0), 0);
  r.progress.begin(
    'reading rights per user and group',
    all.reduce((n, p) => n + archivesOf(p), 0),
  );
  for (const p of all) {
    grants.push(await rightsOf(r, p, dbs, inboxSecurity));
    r.progress.step(archivesOf(p));
  }
  r.leftOut(
    'server administrators',
    `no route tells them; '${self.name}' administers the whole server in the template`,
  );
  return { principals, grants };
}
