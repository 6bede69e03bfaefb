// A fake Square9API for the inbox tests: three inboxes (Scanning 3, AP Intake 4, HR Onboarding 5)
// whose files live in memory, so list counts, paging, sorting, rename, copy/move, delete and the
// post of an uploaded cache file behave like the server (contract/inboxes.ts). Handlers can be
// replaced per test.
import { ALL_INBOX_PERMISSIONS, InboxPermission } from '@gs/contract/flags';
import type { Inbox, InboxFile } from '@gs/contract/inboxes';
import { createFakeServer, json, type FakeAnswer, type FakeHandler, type FakeRequest } from './fakeServer';
import { archive } from './fixtures';

export const SCANNING = 3;
export const AP_INTAKE = 4;
export const HR = 5;

const VIEW_ONLY = InboxPermission.View | InboxPermission.Print;

export const inboxFile = (
  name: string,
  type: string,
  day: number,
  permissions = ALL_INBOX_PERMISSIONS,
): InboxFile => ({
  FileName: name,
  FileType: type,
  DateCreated: `2024-03-${String(day).padStart(2, '0')}T09:00:00.0000000-04:00`,
  DateModified: `2024-03-${String(day).padStart(2, '0')}T10:30:00.0000000-04:00`,
  Fields: [],
  NewName: false,
  Permissions: permissions,
});

interface FakeInbox {
  Id: number;
  Name: string;
  Permissions: number;
  files: InboxFile[];
}

export function inboxWorld() {
  const inboxes: FakeInbox[] = [
    {
      Id: SCANNING,
      Name: 'Scanning',
      Permissions: ALL_INBOX_PERMISSIONS,
      files: [
        inboxFile('Scan_20240301_0931', '.tif', 1),
        inboxFile('Scan_20240302_0934', '.tif', 2),
        inboxFile('Scan_20240303_1012', '.pdf', 3),
      ],
    },
    {
      Id: AP_INTAKE,
      Name: 'AP Intake',
      Permissions: ALL_INBOX_PERMISSIONS,
      files: [inboxFile('INV-1001 Acme', '.pdf', 4)],
    },
    { Id: HR, Name: 'HR Onboarding', Permissions: VIEW_ONLY, files: [] },
  ];
  const byId = (id: number) => inboxes.find((i) => i.Id === id);
  const names = (id: number) => (byId(id)?.files ?? []).map((f) => f.FileName + f.FileType);
  return { inboxes, byId, names };
}
export type InboxWorld = ReturnType<typeof inboxWorld>;

const param = (r: FakeRequest, key: string): string | null => {
  const hit = [...r.url.searchParams].find(([k]) => k.toLowerCase() === key.toLowerCase());
  return hit ? hit[1] : null;
};

const splitName = (full: string): [string, string] => {
  const dot = full.lastIndexOf('.');
  return dot > 0 ? [full.slice(0, dot), full.slice(dot)] : [full, ''];
};

function page(inbox: FakeInbox, r: FakeRequest): Inbox {
  const sort = param(r, 'sort') ?? 'name';
  const desc = sort.startsWith('-');
  const key = desc ? sort.slice(1) : sort;
  const value = (f: InboxFile): string =>
    key === 'type'
      ? f.FileType
      : key === 'created'
        ? f.DateCreated
        : key === 'date'
          ? f.DateModified
          : f.FileName;
  const sorted = [...inbox.files].sort((a, b) => value(a).localeCompare(value(b)) * (desc ? -1 : 1));
  const size = Number(param(r, 'numberOfDocuments') ?? sorted.length) || sorted.length;
  const number = Number(param(r, 'pageNumber') ?? 1);
  return {
    Id: inbox.Id,
    Name: inbox.Name,
    Path: inbox.Name,
    Count: inbox.files.length,
    Permissions: inbox.Permissions,
    Files: sorted.slice((number - 1) * size, number * size),
  };
}

const notFound = (id: number) => json({ Message: `Inbox ${id} was not found.` }, 404);

/** The inbox routes of one world, for every inbox. */
export function inboxRoutes(world: InboxWorld): Record<string, FakeHandler> {
  const routes: Record<string, FakeHandler> = {
    'GET inboxes': () => ({
      InboxOptions: 0,
      Inboxes: world.inboxes.map((i) => ({
        ...page(i, { url: new URL('http://x/') } as FakeRequest),
        Files: [],
      })),
    }),
  };
  for (const inbox of world.inboxes) {
    const find = (name: string | null) => inbox.files.find((f) => f.FileName + f.FileType === name);
    routes[`GET inboxes/${inbox.Id}`] = (r) => {
      const fileName = param(r, 'FileName');
      if (fileName !== null)
        return find(fileName)
          ? new Response('bytes', { headers: { 'Content-Type': 'application/pdf' } })
          : notFound(inbox.Id);
      const filePath = param(r, 'FilePath');
      const targetId = Number(param(r, 'targetInboxId'));
      if (filePath !== null && targetId) {
        const file = find(filePath);
        const target = world.byId(targetId);
        if (!file || !target) return notFound(inbox.Id);
        if (!(target.Permissions & InboxPermission.Add))
          return json({ Message: `You do not have permission to add files in inbox '${target.Name}'.` }, 403);
        target.files.push({ ...file });
        if (param(r, 'deleteOriginal') === 'true') inbox.files = inbox.files.filter((f) => f !== file);
        return json(filePath);
      }
      return page(inbox, r);
    };
    routes[`PUT inboxes/${inbox.Id}`] = (r) => {
      const body = JSON.parse(r.body ?? '{}') as { FileName: string; NewName: string };
      const file = find(body.FileName);
      if (!file) return notFound(inbox.Id);
      const [name, type] = splitName(body.NewName);
      const to = type ? body.NewName : body.NewName + file.FileType;
      if (find(to)) return json({ Message: `A file named '${to}' already exists.` }, 409);
      file.FileName = name;
      file.FileType = type || file.FileType;
      return json(to);
    };
    routes[`DELETE inboxes/${inbox.Id}`] = (r) => {
      const file = find(param(r, 'FilePath'));
      if (!file) return notFound(inbox.Id);
      inbox.files = inbox.files.filter((f) => f !== file);
      return json(true);
    };
    routes[`POST inboxes/${inbox.Id}`] = (r) => {
      const original = param(r, 'newFileName') ?? param(r, 'FilePath') ?? '';
      const [name, type] = splitName(original);
      inbox.files.push(inboxFile(name, type, 20));
      return json(original);
    };
  }
  return routes;
}

export function inboxServer(world = inboxWorld(), overrides: Record<string, FakeHandler | FakeAnswer> = {}) {
  return createFakeServer({
    'GET dbs': { Databases: [{ Id: 1, Name: 'Finance' }] },
    'GET dbs/1/archives': {
      Archives: [archive(2, 'Invoices'), { ...archive(6, 'Closed Books'), Permissions: 1 }],
    },
    'GET dbs/1/archives/2?type=info': { Id: 2, Name: 'Invoices', Parent: 0, Count: 3 },
    ...inboxRoutes(world),
    ...overrides,
  });
}
