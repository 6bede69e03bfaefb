// A fake userAdmin API for the security screen's tests: users, groups, a tree and each
// principal's own grants kept in memory, so a POST changes what the next GET answers
// (contract/admin/security.ts shapes). Duplicates are refused as the server does.
import {
  userExists,
  type DatabasePermissions,
  type S9Group,
  type SecurityPrincipal,
  type SecurityRequest,
  type SecurityTreeNode,
  type UserBody,
  type UserImportReply,
} from '@gs/contract/admin/security';
import { createFakeServer, json, type FakeRequest } from './fakeServer';

export interface SecurityWorld {
  users: { Name: string; Email: string; License: number; Password: string }[];
  groups: S9Group[];
  /** `${type}:${name}:${kind}:${id}` -> mask, level or props */
  grants: Map<string, number>;
}

const node = (
  Id: number,
  Label: string,
  Type: SecurityTreeNode['Type'],
  Children: SecurityTreeNode[] = [],
): SecurityTreeNode => ({
  Id,
  Dbid: 1,
  Label,
  Type,
  DefaultSearch: false,
  QueueSearch: false,
  DirectSearch: false,
  Children,
});

export const SECURITY_TREE: SecurityTreeNode[] = [
  node(1, 'Demo', 'database', [
    node(10, 'Invoices', 'archive', [node(11, 'Paid', 'archive'), node(100, 'By vendor', 'search')]),
    node(20, 'Contracts', 'archive'),
  ]),
];

export function securityWorld(): SecurityWorld {
  return {
    users: [
      { Name: 'SSAdministrator', Email: '', License: 1, Password: 'x' },
      { Name: 'reader', Email: 'reader@example.com', License: 4, Password: 'x' },
    ],
    groups: [{ Name: 'Auditors', Users: ['reader'] }],
    grants: new Map([['2:reader:db:1', 0]]),
  };
}

const body = <T>(r: FakeRequest): T => JSON.parse(r.body ?? '{}') as T;
const q = (r: FakeRequest, key: string) => r.url.searchParams.get(key) ?? '';
const who = (r: FakeRequest) => `${q(r, 'type') || '2'}:${q(r, 'username')}`;

export function securityServer(w: SecurityWorld, userAdmin = true) {
  const taken = (name: string) =>
    [...w.users.map((u) => u.Name), ...w.groups.map((g) => g.Name)].some(
      (n) => n.toLowerCase() === name.toLowerCase(),
    );
  const principals = (secured: boolean): SecurityPrincipal[] => {
    const dbs = (key: string) =>
      w.grants.has(`${key}:db:1`)
        ? [{ Id: 1, Name: 'Demo', SecurityLevel: w.grants.get(`${key}:db:1`) ?? 0, Manager: false }]
        : [];
    return [
      ...w.users.map((u) => ({
        Name: u.Name,
        Email: u.Email,
        License: u.License,
        Type: 2 as const,
        SecuredDBs: dbs(`2:${u.Name}`),
      })),
      ...w.groups.map((g) => ({
        Name: g.Name,
        Email: '',
        License: 0,
        Type: 4 as const,
        SecuredDBs: dbs(`4:${g.Name}`),
      })),
    ].filter((p) => p.SecuredDBs.length > 0 === secured);
  };
  const grant =
    (kind: string, apply: (key: string, id: number, perms: Record<string, unknown>) => void) =>
    (r: FakeRequest) => {
      const req = body<SecurityRequest<Record<string, unknown>>>(r);
      for (const u of req.Users)
        for (const t of req.Targets) apply(`${u.Type}:${u.Name}:${kind}:${t.Id}`, t.Id, req.Permissions);
      return kind === 'archive' || kind === 'inbox' ? { Saved: 1 } : { Success: true };
    };
  const setMask = (key: string, _id: number, p: Record<string, unknown>) =>
    void (Number(p.Mask) ? w.grants.set(key, Number(p.Mask) | 1) : w.grants.delete(key));
  const bits = { default: 8, queue: 4, direct: 16 } as const;
  return createFakeServer({
    'GET admin?function=isAnyDbAdmin': userAdmin,
    'GET admin?function=isAdminAll': userAdmin,
    'GET userAdmin/isAdmin': userAdmin,
    'GET admin?feature=usr': 1,
    'GET admin?feature=gaw': 0,
    'GET dbs': { Databases: [{ Id: 1, Name: 'Demo' }] },
    'GET admin/inboxes': [{ Id: 3, Name: 'Scanning', BasePath: '', UniqueName: 'scanning' }],
    'GET userAdmin/secured': () => principals(true),
    'GET userAdmin/unsecured': () => principals(false),
    'GET userAdmin/s9groups': () => w.groups,
    'GET userAdmin/tree': SECURITY_TREE,
    'GET userAdmin/databases': (r) => {
      const level = w.grants.get(`${who(r)}:db:${q(r, 'db')}`);
      const answer: DatabasePermissions = { Access: level !== undefined, Level: level ?? 0 };
      return answer;
    },
    'GET userAdmin/archives': (r) => w.grants.get(`${who(r)}:archive:${q(r, 'archive')}`) ?? 0,
    'GET userAdmin/inboxes': (r) => w.grants.get(`${who(r)}:inbox:${q(r, 'inbox')}`) ?? 0,
    'GET userAdmin/searches': (r) =>
      [...w.grants]
        .filter(([k]) => k.startsWith(`${who(r)}:search:`))
        .map(([k, p]) => ({
          Id: Number(k.split(':').at(-1)),
          Properties: p,
          IsDefault: (p & 8) !== 0,
          IsQueue: (p & 4) !== 0,
          IsDirect: (p & 16) !== 0,
        })),
    'POST userAdmin/archives': grant('archive', setMask),
    'POST userAdmin/inboxes': grant('inbox', setMask),
    'POST userAdmin/databases': grant(
      'db',
      (key, _id, p) => void (p.Access ? w.grants.set(key, Number(p.Level ?? 0)) : w.grants.delete(key)),
    ),
    'POST userAdmin/searches': grant(
      'search',
      (key, _id, p) => void (p.Granted ? w.grants.set(key, w.grants.get(key) ?? 2) : w.grants.delete(key)),
    ),
    'POST userAdmin/searchType': grant('search', (key, _id, p) => {
      const bit = bits[p.Type as keyof typeof bits];
      const now = w.grants.get(key) ?? 2;
      w.grants.set(key, p.Value ? now | bit : now & ~bit);
    }),
    'POST userAdmin/user': (r) => {
      const u = body<UserBody>(r);
      if (taken(u.Name)) return json({ Message: userExists(u.Name) }, 409);
      w.users.push({
        Name: u.Name,
        Email: u.Email ?? '',
        License: u.License ?? 2,
        Password: u.Password ?? '',
      });
      return { ...u, SecuredDBs: [] };
    },
    'PUT userAdmin/user': (r) => {
      const u = w.users.find((x) => x.Name === q(r, 'name'));
      if (!u) return json({ Message: 'not found' }, 404);
      Object.assign(u, body<{ Password?: string }>(r));
      return true;
    },
    'DELETE userAdmin/user': (r) => ((w.users = w.users.filter((u) => u.Name !== q(r, 'name'))), true),
    'POST userAdmin/group': (r) => {
      const g = body<S9Group>(r);
      if (taken(g.Name)) return json({ Message: `The group ${g.Name} already exists.` }, 409);
      w.groups.push({ Name: g.Name, Users: g.Users });
      return g;
    },
    'PUT userAdmin/group': (r) => {
      const g = w.groups.find((x) => x.Name === q(r, 'groupName'));
      if (!g) return json({ Message: 'not found' }, 404);
      g.Users = body<S9Group>(r).Users;
      return g;
    },
    'DELETE userAdmin/group': (r) => ((w.groups = w.groups.filter((g) => g.Name !== q(r, 'name'))), true),
    'POST userAdmin/users/import': (r) => {
      const [, ...rows] = body<{ Csv: string }>(r).Csv.trim().split('\n');
      const reply: UserImportReply = { Added: [], NotAdded: [] };
      for (const row of rows) {
        const [Name = '', Password = ''] = row.split(',');
        if (taken(Name)) reply.NotAdded.push({ Name, Message: userExists(Name) });
        else {
          w.users.push({ Name, Email: '', License: 2, Password });
          reply.Added.push(Name);
        }
      }
      return reply;
    },
  });
}
