// The import wizard against the simulator's app in process (test/realServer.ts): a real package,
// Alpha exported as FIN.gs, whose user web.user and group Accounting the server then loses, so the
// wizard has a user and a group to create; the import runs on the server and is read back.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminArchive, AdminDatabase } from '@gs/contract/admin/catalog';
import { adminPaths } from '@gs/contract/admin/paths';
import {
  importPaths,
  type ImportLog,
  type ImportStarted,
  type ImportTemplateTree,
} from '@gs/contract/admin/packages';
import { securityPaths, type S9Group } from '@gs/contract/admin/security';
import { currentPath, renderApp } from '../../../test/renderApp';
import { realServer, type RealServer } from '../../../test/realServer';

const ADMIN = 'SSAdministrator';
const API = '/Square9API/api/';

/** Alpha as a package; then web.user and the group Accounting are removed from the server. */
async function alphaPackage(server: RealServer, token: string): Promise<ArrayBuffer> {
  const headers = { 'Auth-Token': token };
  const bytes = await (
    await server.fetch(`${API}${importPaths.export(1, 'FIN')}`, { headers })
  ).arrayBuffer();
  await server.call(ADMIN, 'DELETE', securityPaths.user('web.user'));
  await server.call(ADMIN, 'DELETE', securityPaths.deleteGroup('Accounting'));
  return bytes;
}

/** Alpha's package imported into a new database Fin_Copy through the API: the package, the log. */
async function importThroughApi(server: RealServer, token: string) {
  const bytes = await alphaPackage(server, token);
  const form = new FormData();
  form.append('file', new File([bytes], 'FIN.gs'), 'FIN.gs');
  const headers = { 'Auth-Token': token };
  await server.fetch(`${API}${importPaths.upload()}`, { method: 'POST', body: form, headers });
  const tree = await server.call<ImportTemplateTree>(ADMIN, 'GET', importPaths.templateTree(0));
  const choices = { ...tree, DatabaseName: 'Fin_Copy', Password: 'Pw@12345' };
  const { LogId } = await server.call<ImportStarted>(ADMIN, 'POST', importPaths.run(0), choices);
  const log = () => server.call<ImportLog>(ADMIN, 'GET', importPaths.log(LogId));
  await waitFor(async () => expect((await log()).Status).toBe('Completed'), { timeout: 10_000 });
  return { bytes, log: await log() };
}

async function start() {
  const server = realServer({ admin: true });
  const session = await server.signIn(ADMIN);
  const bytes = await alphaPackage(server, session.token);
  const sentBefore = server.requests.length;
  renderApp({ url: '/admin/full?mode=DATABASE_IMPORT', fetch: server.fetch, session });
  const get = <T,>(path: string) => server.call<T>(ADMIN, 'GET', path);
  return { server, bytes, token: session.token, get, sent: () => server.requests.slice(sentBefore) };
}

const choose = async (name: string, content: BlobPart = 'PK') => {
  const input = await screen.findByTestId('import-file');
  fireEvent.change(input, { target: { files: [new File([content], name)] } });
};
const step = () => screen.getByTestId('import-wizard').getAttribute('data-step');
const next = () => fireEvent.click(screen.getByTestId('import-next'));

describe('the import wizard (admin-spec §4, §5)', () => {
  it('takes only .gs files, then walks create, template, password, users, groups, security and import', async () => {
    const { bytes, get, sent, server } = await start();
    await choose('finance.zip');
    expect((await screen.findByTestId('import-upload-error')).textContent).toContain(
      "'finance.zip' is not a package",
    );
    expect(sent().some((r) => r.method === 'POST')).toBe(false);
    await choose('FIN.gs', bytes);
    expect((await screen.findByTestId('import-package')).textContent).toContain(
      'FIN.gs: package FIN of the database Alpha',
    );
    fireEvent.click(screen.getByTestId('import-create'));
    await waitFor(() => expect(currentPath()).toContain('step=create'));
    const name = screen.getByTestId('import-database-name');
    fireEvent.change(name, { target: { value: 'Fin Copy!' } });
    expect((name as HTMLInputElement).value).toBe('FinCopy');
    fireEvent.change(name, { target: { value: 'Fin_Copy' } });
    next();
    await waitFor(() => expect(step()).toBe('template'));

    // branches: checked, or partial when a child is left out
    const [contracts, invoices] = screen.getAllByTestId('import-branch');
    expect(contracts?.textContent).toContain('Contracts');
    expect(invoices?.getAttribute('data-state')).toBe('checked');
    fireEvent.click(within(invoices as HTMLElement).getAllByRole('checkbox')[2] as HTMLElement);
    expect(invoices?.getAttribute('data-state')).toBe('partial');
    fireEvent.click(within(invoices as HTMLElement).getAllByRole('checkbox')[0] as HTMLElement);
    expect(invoices?.getAttribute('data-state')).toBe('checked');

    // users to create: the password step first
    next();
    expect(step()).toBe('password');
    fireEvent.change(screen.getByTestId('import-password'), { target: { value: 'Pw@12345' } });
    fireEvent.change(screen.getByTestId('import-confirm'), { target: { value: 'Pw@1234' } });
    expect((screen.getByTestId('import-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('import-confirm'), { target: { value: 'Pw@12345' } });
    next();
    expect(step()).toBe('users');
    expect(screen.getByTestId('import-step-users').textContent).toContain('web.user');
    next();
    expect(step()).toBe('groups');
    expect(screen.getByTestId('import-step-groups').textContent).toContain('Accounting');
    fireEvent.click(within(screen.getByTestId('import-step-groups')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('import-back'));
    expect(step()).toBe('users');
    next();
    next();
    await waitFor(() => expect(step()).toBe('security'));
    expect(screen.getByTestId('import-step-security').textContent).toContain('Invoices');
    next();
    expect(step()).toBe('import');
    fireEvent.click(screen.getByTestId('import-run'));
    expect((await screen.findByTestId('import-success', {}, { timeout: 10_000 })).textContent).toContain(
      'The package was imported into Fin_Copy.',
    );
    const runs = sent().filter((r) => r.method === 'POST' && r.url.searchParams.has('DatabaseID'));
    expect(runs).toHaveLength(1);
    const chosen = JSON.parse(runs[0]?.body ?? '{}') as ImportTemplateTree;
    expect(chosen.DatabaseName).toBe('Fin_Copy');
    expect(chosen.Password).toBe('Pw@12345');
    expect(chosen.UsersToAdd.map((u) => u.Name)).toEqual(['web.user']);
    expect(chosen.GroupsToAdd).toEqual([]);
    expect(chosen.Branches.every((b) => b.Children.every((c) => c.Checked))).toBe(true);
    // what the server now holds: the new database with every archive, web.user again, no Accounting
    const copy = (await get<AdminDatabase[]>(adminPaths.databases())).find((d) => d.Name === 'Fin_Copy');
    expect((await get<AdminArchive[]>(adminPaths.archives(copy!.Id))).map((a) => a.Name).sort()).toEqual([
      'Contracts',
      'Invoices',
      'Open',
      'Paid',
    ]);
    expect((await server.signIn('web.user', 'Pw@12345')).username).toBe('web.user');
    expect((await get<S9Group[]>(securityPaths.groups())).map((g) => g.Name)).not.toContain('Accounting');
  });

  it('shows the log with its error when the package is corrupted, and offers no next step', async () => {
    await start();
    await choose('BAD.gs', 'not a zip');
    const log = await screen.findByTestId('import-log');
    expect(within(log).getByTestId('import-log-error').textContent).toContain(
      'The package BAD.gs is corrupted:',
    );
    fireEvent.click(screen.getByTestId('import-log-close'));
    await waitFor(() => expect(screen.queryByTestId('import-log')).toBeNull());
    expect(screen.queryByTestId('import-create')).toBeNull();
  });

  it('shows the branches a database already holds as applied, not checkable', async () => {
    const server = realServer({ admin: true });
    const session = await server.signIn(ADMIN);
    const { bytes } = await importThroughApi(server, session.token);
    const copy = (await server.call<AdminDatabase[]>(ADMIN, 'GET', adminPaths.databases())).find(
      (d) => d.Name === 'Fin_Copy',
    );
    renderApp({ url: '/admin/full?mode=DATABASE_IMPORT', fetch: server.fetch, session });
    await choose('FIN.gs', bytes);
    fireEvent.click(await screen.findByTestId('import-existing'));
    await waitFor(() => expect(step()).toBe('existingDatabase'));
    fireEvent.change(screen.getByTestId('import-database'), { target: { value: String(copy!.Id) } });
    next();
    await waitFor(() => expect(step()).toBe('template'));
    const branches = screen.getAllByTestId('import-branch');
    expect(branches).toHaveLength(2);
    for (const branch of branches) {
      expect(branch.getAttribute('data-state')).toBe('installed');
      expect(branch.textContent).toContain('already applied');
      expect(
        within(branch)
          .getAllByRole('checkbox')
          .every((c) => (c as HTMLInputElement).disabled),
      ).toBe(true);
    }
  });

  it('cancel asks first, then starts again at the package', async () => {
    const { bytes } = await start();
    await choose('FIN.gs', bytes);
    fireEvent.click(await screen.findByTestId('import-create'));
    await waitFor(() => expect(step()).toBe('createDatabase'));
    fireEvent.click(screen.getByTestId('import-cancel'));
    const confirm = screen.getByTestId('import-cancel-confirm');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel the import' }));
    await waitFor(() => expect(step()).toBe('default'));
    expect(screen.queryByTestId('import-package')).toBeNull();
    expect(currentPath()).not.toContain('step=');
  });

  it('lists the import history, opens a log, and deletes the history after asking', async () => {
    const server = realServer({ admin: true });
    const session = await server.signIn(ADMIN);
    const { LogText } = (await importThroughApi(server, session.token)).log;

    renderApp({ url: '/admin/full?mode=DATABASE_IMPORT', fetch: server.fetch, session });
    fireEvent.click(await screen.findByTestId('import-history-open'));
    const history = await screen.findByTestId('import-history');
    const entry = await within(history).findByRole('button', { name: 'FIN.gs into Fin_Copy: completed' });
    fireEvent.click(within(history).getByRole('button', { name: 'Delete the history' }));
    fireEvent.click(
      within(screen.getByTestId('import-history-delete')).getByRole('button', { name: 'Delete the history' }),
    );
    await waitFor(async () =>
      expect(await server.call<ImportLog[]>(ADMIN, 'GET', importPaths.logHistory())).toEqual([]),
    );
    fireEvent.click(entry);
    expect((await screen.findByTestId('import-log-text')).textContent).toBe(LogText);
  });
});
