// /admin/batches: portals with their status, create through the editor's choices, test, delete.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BatchPortal } from '@gs/contract/capture';
import { createFakeServer, json, type FakeRequest } from '../../test/fakeServer';
import { session } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';

const C = '/square9capture/';
const LOAD = { timeout: 5000 };

function world() {
  const portals: BatchPortal[] = [
    {
      Id: 1,
      Name: 'AP Scans',
      Type: 0,
      Status: 2,
      StatusMessage: 'Archive 9 was not found in database 1.',
      InstanceId: 1,
      DatabaseId: 1,
      ArchiveId: 9,
      InboxId: 0,
    },
  ];
  const server = createFakeServer({
    'GET userAdmin/isAdmin': true,
    [`GET ${C}batchportals?admin=true`]: () => portals,
    [`GET ${C}ssinstance/1/databases`]: [{ Id: 1, Name: 'Finance' }],
    [`GET ${C}archives`]: [
      { Id: 2, Name: 'Accounts Payable' },
      { Id: 3, Name: 'Accounts Payable / Invoices' },
    ],
    [`GET ${C}inboxes`]: [{ Id: 4, Name: 'Scans' }],
    [`POST ${C}batchportals`]: (r: FakeRequest) => {
      const body = JSON.parse(r.body ?? '{}') as BatchPortal;
      portals.push({ ...body, Id: 2, Status: 0, StatusMessage: '' });
      return json(portals.at(-1), 201);
    },
    [`POST ${C}portal/test`]: (r: FakeRequest) => {
      const p = portals.find((x) => String(x.Id) === r.url.searchParams.get('portalId'))!;
      p.Status = 1;
      return p;
    },
    [`DELETE ${C}batchportals/1`]: json(
      { Message: "Portal 'AP Scans' still holds 5 batches; delete them first." },
      409,
    ),
  });
  return { server, portals };
}

describe('/admin/batches', () => {
  it('sends a user who is not a user administrator to /select before any button shows (issue 27, 12)', async () => {
    const server = createFakeServer({
      'GET userAdmin/isAdmin': false,
      'GET dbs': {
        Databases: [
          { Id: 1, Name: 'Finance' },
          { Id: 2, Name: 'HR' },
        ],
      },
      [`GET ${C}batchportals?admin=true`]: [],
    });
    renderApp({ url: '/admin/batches', fetch: server.fetch, session: session() });
    expect(screen.queryByRole('button', { name: 'New portal' })).toBeNull();
    await waitFor(() => expect(currentPath()).toBe('/select'));
    expect(screen.queryByRole('button', { name: 'New portal' })).toBeNull();
    expect(server.requests.some((r) => r.url.pathname.includes('batchportals'))).toBe(false);
  });

  it('shows each portal with its status and the reason of a failed test', async () => {
    const { server } = world();
    renderApp({ url: '/admin/batches', fetch: server.fetch, session: session() });
    const row = await screen.findByTestId('portal-row-1', {}, LOAD);
    expect(within(row).getByTestId('portal-status').textContent).toBe('Failed');
    expect(row.textContent).toContain('Archive 9 was not found in database 1.');
  });

  it('creates a portal from the instance, database and archive choices, then tests it', async () => {
    const { server } = world();
    renderApp({ url: '/admin/batches', fetch: server.fetch, session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'New portal' }, LOAD));
    const editor = await screen.findByTestId('portal-editor');
    fireEvent.change(within(editor).getByLabelText('Name'), { target: { value: 'Mailroom' } });
    const database = within(editor).getByLabelText('Database');
    await waitFor(() => expect(within(database).getByRole('option', { name: 'Finance' })).toBeTruthy());
    fireEvent.change(database, { target: { value: '1' } });
    const archive = within(editor).getByLabelText('Archive');
    await waitFor(() =>
      expect(within(archive).getByRole('option', { name: 'Accounts Payable / Invoices' })).toBeTruthy(),
    );
    fireEvent.change(archive, { target: { value: '3' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    const row = await screen.findByTestId('portal-row-2');
    expect(within(row).getByTestId('portal-status').textContent).toBe('Testing');
    const post = server.requests.find((r) => r.method === 'POST' && r.url.pathname === `${C}batchportals`);
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      Name: 'Mailroom',
      Type: 0,
      InstanceId: 1,
      DatabaseId: 1,
      ArchiveId: 3,
      InboxId: 0,
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Test' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('portal-row-2')).getByTestId('portal-status').textContent).toBe('OK'),
    );
  });

  it("deletes only after the confirmation and shows the server's refusal", async () => {
    const { server } = world();
    renderApp({ url: '/admin/batches', fetch: server.fetch, session: session() });
    fireEvent.click(
      within(await screen.findByTestId('portal-row-1', {}, LOAD)).getByRole('button', { name: 'Delete' }),
    );
    const confirm = await screen.findByTestId('portal-delete-confirm');
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('portal-admin-error')).textContent).toBe(
      "Portal 'AP Scans' still holds 5 batches; delete them first.",
    );
  });
});
