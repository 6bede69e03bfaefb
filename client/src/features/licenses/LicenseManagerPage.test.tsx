import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { License } from '@gs/contract/licenses';
import { createFakeServer, json } from '../../test/fakeServer';
import { session } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { licenseRows, parseDotNetDate } from './licenseRows';

const license = (over: Partial<License>): License => ({
  Username: 'full.user',
  Domain: '',
  AuthServer: '',
  Type: 1,
  IPAddress: '10.0.0.7',
  DateCreated: '2026-01-05T09:00:00.1234567+00:00',
  DateAccessed: '2026-01-05T09:10:00.9999999+00:00',
  Token: 'tok-full',
  Reg: 0,
  Active: true,
  ...over,
});

describe('licenseRows', () => {
  it('reads .NET dates with seven fractional digits and counts idle minutes', () => {
    expect(parseDotNetDate('2022-03-26T14:57:06.9712345-04:00')).toBe(Date.parse('2022-03-26T18:57:06.971Z'));
    expect(parseDotNetDate('nonsense')).toBeNull();
    const [row] = licenseRows([license({})], Date.parse('2026-01-05T09:25:30Z'), 'tok-full');
    expect(row).toMatchObject({ user: 'full.user', idleMinutes: 15, mine: true, ip: '10.0.0.7' });
  });

  it('shows a user once with their sessions: first sign-in, last access, every address (decision 056)', () => {
    const rows = licenseRows(
      [
        license({ Token: 't1', DateCreated: '2026-01-05T08:00:00.1234567+00:00' }),
        license({ Username: 'reader', Token: 't2' }),
        license({
          Username: 'FULL.USER',
          Token: 't3',
          IPAddress: '10.0.0.9',
          DateAccessed: '2026-01-05T09:20:00.0000001+00:00',
        }),
      ],
      Date.parse('2026-01-05T09:25:30Z'),
      't3',
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      user: 'FULL.USER',
      tokens: ['t3', 't1'],
      sessions: 2,
      ip: '10.0.0.9, 10.0.0.7',
      created: Date.parse('2026-01-05T08:00:00.123Z'),
      idleMinutes: 5,
      mine: true,
    });
    expect(rows[1]).toMatchObject({ user: 'reader', sessions: 1, mine: false });
  });
});

describe('the license manager', () => {
  it('lists the live licences and releases one with forceLogout, then all', async () => {
    let live = [
      license({ Username: 'SSAdministrator', Token: 'tok-admin' }),
      license({ Type: 2 }),
      license({ Type: 2, Token: 'tok-full-2' }),
    ];
    const fake = createFakeServer({
      'GET admin?function=isAdminAll': true,
      'GET dbs': { Databases: [{ Id: 1, Name: 'Database 1' }] },
      'GET LicenseManager': () => live,
      // as the simulator does: userToken releases the user's seat, every token of theirs
      'DELETE LicenseManager': (r) => {
        const token = r.url.searchParams.get('userToken');
        const user = live.find((l) => l.Token === token)?.Username;
        if (token && !user) return json({ Message: `License '${token}' was not found.` }, 404);
        live = token ? live.filter((l) => l.Username !== user) : live.filter((l) => l.Token === 'tok-admin');
        return json(undefined);
      },
    });
    renderApp({ url: '/admin/licenses', fetch: fake.fetch, session: session({ token: 'tok-admin' }) });
    const table = await screen.findByTestId('license-table');
    const rows = within(table).getAllByTestId('license-row');
    expect(rows.map((r) => r.getAttribute('data-user'))).toEqual(['SSAdministrator', 'full.user']);
    // every header cell has a name, the release buttons' one for screen readers only (axe empty-table-header)
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    expect(rows[1]?.textContent).toContain('Web edit');
    expect(rows[1]?.textContent).toContain('10.0.0.7');
    expect(within(rows[1] as HTMLElement).getByTestId('license-sessions').textContent).toBe('2');
    // one's own licence cannot be released from here
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Release the license of full.user' }));
    const ask = screen.getByTestId('license-release-confirm');
    expect(ask.textContent).toContain('Release the license of full.user? That user is signed out.');
    expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(ask).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(screen.getAllByTestId('license-row')).toHaveLength(1));
    // one DELETE per token of the user; the second finds it gone with the first (404 is fine)
    const dels = fake.requests.filter((r) => r.method === 'DELETE');
    expect(dels.map((d) => Object.fromEntries(d.url.searchParams))).toEqual([
      { userToken: 'tok-full', forceLogout: 'true' },
      { userToken: 'tok-full-2', forceLogout: 'true' },
    ]);
    expect(screen.getByTestId('license-manager-notice').textContent).toBe('The license was released.');

    fireEvent.click(screen.getByTestId('license-release-all'));
    fireEvent.click(
      within(screen.getByTestId('license-release-confirm')).getByRole('button', { name: 'Release all' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('license-manager-notice').textContent).toBe(
        'Every other license was released.',
      ),
    );
    const all = fake.requests.filter((r) => r.method === 'DELETE').at(-1);
    expect(Object.fromEntries(all?.url.searchParams ?? [])).toEqual({ All: 'true', forceLogout: 'true' });
  });

  it('says the server refused when it does', async () => {
    const fake = createFakeServer({
      'GET admin?function=isAdminAll': true,
      'GET dbs': { Databases: [] },
      'GET LicenseManager': json(
        { Message: 'Only administrators of all databases may use the license manager.' },
        403,
      ),
    });
    renderApp({ url: '/admin/licenses', fetch: fake.fetch, session: session() });
    expect((await screen.findByTestId('license-manager-error')).textContent).toContain(
      'Only administrators of all databases may use the license manager.',
    );
  });

  it('sends a user who is not an administrator of all databases to /select before any button shows (issue 27, 12)', async () => {
    const fake = createFakeServer({
      'GET admin?function=isAdminAll': false,
      'GET dbs': {
        Databases: [
          { Id: 1, Name: 'Database 1' },
          { Id: 2, Name: 'Database 2' },
        ],
      },
      'GET LicenseManager': [license({})],
    });
    renderApp({ url: '/admin/licenses', fetch: fake.fetch, session: session() });
    expect(screen.queryByTestId('license-release-all')).toBeNull();
    await waitFor(() => expect(currentPath()).toBe('/select'));
    expect(screen.queryByTestId('license-manager')).toBeNull();
    expect(fake.requests.some((r) => r.url.pathname.endsWith('/LicenseManager'))).toBe(false);
  });
});
