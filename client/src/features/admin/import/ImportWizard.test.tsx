import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportLog, ImportTemplateTree, ImportUser, PackageInfo } from '@gs/contract/admin/packages';
import { adminServer, adminWorld, SSADMIN } from '../../../test/adminServer';
import { json, type FakeRequest } from '../../../test/fakeServer';
import { session } from '../../../test/fixtures';
import { currentPath, renderApp } from '../../../test/renderApp';

const INFO: PackageInfo = {
  Filename: 'FIN.gs',
  Acronym: 'FIN',
  SourceDatabase: 'Finance',
  ExportedAt: '2026-11-24T00:00:00.000Z',
  Counts: {
    Archives: 3,
    Fields: 4,
    TableFields: 0,
    Lists: 1,
    Searches: 2,
    Stamps: 0,
    Users: 1,
    Groups: 1,
    Documents: 10,
    Workflows: 0,
  },
};
const user = (Name: string, Type = 2): ImportUser => ({
  Name,
  Password: '',
  Email: `${Name}@example.com`,
  License: 2,
  Type,
  SecurityLevel: 0,
  SecurityList: [{ TemplateName: 'Payables', SecurityLevel: 1 }],
  Users: [],
  Exists: false,
});
const TREE: ImportTemplateTree = {
  Branches: [
    {
      Parent: 'Payables',
      Installed: false,
      Checked: true,
      Children: [
        { Child: 'Payables', Checked: true, Installed: false, ID: 1 },
        { Child: 'Payables/Paid', Checked: true, Installed: false, ID: 2 },
      ],
      Square9Users: ['new.person'],
      Square9Groups: [],
    },
    {
      Parent: 'Contracts',
      Installed: true,
      Checked: false,
      Children: [{ Child: 'Contracts', Checked: false, Installed: true, ID: 3 }],
      Square9Users: [],
      Square9Groups: [],
    },
  ],
  UsersToAdd: [user('new.person')],
  GroupsToAdd: [user('Auditors', 4)],
  DatabaseName: '',
  DatabaseID: 0,
  Username: '',
  Password: '',
  SQLServerName: '(local)',
  AuthType: 'windows',
};
const LOG: ImportLog = {
  LogId: 'L1',
  Guid: 'G1',
  Status: 'Completed',
  LogText: 'INFO Import finished.',
  ImportError: '',
  Filename: 'FIN.gs',
  DisplayName: 'SSAdministrator',
  DatabaseName: 'Fin_Copy',
  DatabaseID: 9,
  Started: '/Date(0)/',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function start(upload: (r: FakeRequest) => unknown = () => INFO) {
  const runs: unknown[] = [];
  const fake = adminServer(adminWorld(), SSADMIN, {
    'POST admin/FullAdminDatabaseImport': (r) => {
      if (r.url.searchParams.has('DatabaseID')) {
        runs.push(JSON.parse(r.body ?? 'null'));
        return { LogId: 'L1', Guid: 'G1' };
      }
      if (r.url.searchParams.has('UserList')) return [user('new.person'), user('Auditors', 4)];
      return upload(r) as object;
    },
    'GET admin/importdatabase': TREE,
    'DELETE admin/FullAdminLog': { Deleted: 1 },
    'GET admin/FullAdminLog': (r) =>
      !r.url.searchParams.has('logId')
        ? [LOG]
        : r.url.searchParams.get('logId') === 'BAD'
          ? {
              ...LOG,
              LogId: 'BAD',
              Status: 'Failed',
              ImportError: 'The package BAD.gs is corrupted: bad zip',
              LogText: 'ERROR The package BAD.gs is corrupted: bad zip',
            }
          : LOG,
  });
  vi.stubGlobal('fetch', fake.fetch);
  renderApp({
    url: '/admin/full?mode=DATABASE_IMPORT',
    fetch: fake.fetch,
    session: session({ username: 'SSAdministrator' }),
  });
  return { fake, runs };
}

const choose = async (name: string) => {
  const input = await screen.findByTestId('import-file');
  fireEvent.change(input, { target: { files: [new File(['PK'], name)] } });
};
const step = () => screen.getByTestId('import-wizard').getAttribute('data-step');
const next = () => fireEvent.click(screen.getByTestId('import-next'));

describe('the import wizard (admin-spec §4, §5)', () => {
  it('takes only .gs files, then walks create, template, password, users, groups, security and import', async () => {
    const { fake, runs } = start();
    await choose('finance.zip');
    expect((await screen.findByTestId('import-upload-error')).textContent).toContain(
      "'finance.zip' is not a package",
    );
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);
    await choose('FIN.gs');
    expect((await screen.findByTestId('import-package')).textContent).toContain(
      'FIN.gs: package FIN of the database Finance',
    );
    fireEvent.click(screen.getByTestId('import-create'));
    await waitFor(() => expect(currentPath()).toContain('step=create'));
    const name = screen.getByTestId('import-database-name');
    fireEvent.change(name, { target: { value: 'Fin Copy!' } });
    expect((name as HTMLInputElement).value).toBe('FinCopy');
    fireEvent.change(name, { target: { value: 'Fin_Copy' } });
    next();
    await waitFor(() => expect(step()).toBe('template'));

    // branches: checked, partial, or applied (not checkable)
    const [payables, contracts] = screen.getAllByTestId('import-branch');
    expect(payables?.getAttribute('data-state')).toBe('checked');
    expect(contracts?.getAttribute('data-state')).toBe('installed');
    expect(contracts?.textContent).toContain('already applied');
    expect(
      within(contracts as HTMLElement)
        .getAllByRole('checkbox')
        .map((c) => (c as HTMLInputElement).disabled),
    ).toEqual([true, true]);
    fireEvent.click(within(payables as HTMLElement).getAllByRole('checkbox')[2] as HTMLElement);
    expect(payables?.getAttribute('data-state')).toBe('partial');
    fireEvent.click(within(payables as HTMLElement).getAllByRole('checkbox')[0] as HTMLElement);
    expect(payables?.getAttribute('data-state')).toBe('checked');

    // users to create: the password step first
    next();
    expect(step()).toBe('password');
    fireEvent.change(screen.getByTestId('import-password'), { target: { value: 'Pw@12345' } });
    fireEvent.change(screen.getByTestId('import-confirm'), { target: { value: 'Pw@1234' } });
    expect((screen.getByTestId('import-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('import-confirm'), { target: { value: 'Pw@12345' } });
    next();
    expect(step()).toBe('users');
    expect(screen.getByTestId('import-step-users').textContent).toContain('new.person');
    next();
    expect(step()).toBe('groups');
    fireEvent.click(within(screen.getByTestId('import-step-groups')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('import-back'));
    expect(step()).toBe('users');
    next();
    next();
    await waitFor(() => expect(step()).toBe('security'));
    expect(screen.getByTestId('import-step-security').textContent).toContain('Payables');
    next();
    expect(step()).toBe('import');
    fireEvent.click(screen.getByTestId('import-run'));
    expect((await screen.findByTestId('import-success')).textContent).toContain(
      'The package was imported into Fin_Copy.',
    );
    expect(runs).toHaveLength(1);
    const sent = runs[0] as ImportTemplateTree;
    expect(sent.DatabaseName).toBe('Fin_Copy');
    expect(sent.Password).toBe('Pw@12345');
    expect(sent.UsersToAdd.map((u) => u.Name)).toEqual(['new.person']);
    expect(sent.GroupsToAdd).toEqual([]);
    expect(sent.Branches[0]?.Children.every((c) => c.Checked)).toBe(true);
  });

  it('shows the log with its error when the package is corrupted, and offers no next step', async () => {
    start(() => json({ Message: 'The package BAD.gs is corrupted: bad zip', LogId: 'BAD' }, 400));
    await choose('BAD.gs');
    const log = await screen.findByTestId('import-log');
    expect(within(log).getByTestId('import-log-error').textContent).toContain(
      'The package BAD.gs is corrupted: bad zip',
    );
    fireEvent.click(screen.getByTestId('import-log-close'));
    await waitFor(() => expect(screen.queryByTestId('import-log')).toBeNull());
    expect(screen.queryByTestId('import-create')).toBeNull();
  });

  it('cancel asks first, then starts again at the package', async () => {
    start();
    await choose('FIN.gs');
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
    const { fake } = start();
    fireEvent.click(await screen.findByTestId('import-history-open'));
    const history = await screen.findByTestId('import-history');
    const entry = await within(history).findByRole('button', { name: 'FIN.gs into Fin_Copy: completed' });
    fireEvent.click(within(history).getByRole('button', { name: 'Delete the history' }));
    fireEvent.click(
      within(screen.getByTestId('import-history-delete')).getByRole('button', { name: 'Delete the history' }),
    );
    await waitFor(() =>
      expect(fake.requests.some((r) => r.method === 'DELETE' && r.path === 'admin/FullAdminLog')).toBe(true),
    );
    fireEvent.click(entry);
    expect((await screen.findByTestId('import-log-text')).textContent).toBe('INFO Import finished.');
  });
});
