import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SearchSettings } from '@gs/contract/flags';
import { createFakeServer, json } from '../../test/fakeServer';
import { archive, search, session } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { sessionAtom, sessionEndAtom } from '../../state/session';

const { ShowInList, DefaultSearch } = SearchSettings;

function server() {
  return createFakeServer({
    'GET dbs': {
      Databases: [
        { Id: 1, Name: 'Default' },
        { Id: 2, Name: 'HR' },
      ],
    },
    'GET dbs/1/archives': { Archives: [archive(1, 'Accounts Payable', 0, 2), archive(5, 'Correspondence')] },
    'GET dbs/1/archives/1': { Archives: [archive(2, 'Purchase Orders', 1), archive(3, 'Invoices', 1)] },
    'GET dbs/1/archives/2/searches': [
      search(11, 'Browse Purchase Orders', ShowInList, 4),
      search(12, 'PO by Number', ShowInList | DefaultSearch, 1),
      search(13, 'Hidden workflow search', 0),
    ],
    'GET dbs/1/archives/5/searches': [],
    'GET dbs/1/archives/2?type=info': { Id: 2, Name: 'Purchase Orders', Parent: 1 },
  });
}

describe('search screen shell (/view)', () => {
  it('shows the root archives and loads children when a parent is expanded', async () => {
    const fake = server();
    renderApp({ url: '/view?db=1', fetch: fake.fetch, session: session() });
    expect(await screen.findByRole('button', { name: 'Accounts Payable' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Correspondence' })).toBeTruthy();
    expect(screen.getByTestId('view-empty')).toBeTruthy();
    // the screen is named before an archive is picked (axe page-has-heading-one)
    expect(screen.getByRole('heading', { level: 1, name: 'Search' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Expand Correspondence' })).toBeNull();
    const children = (r: { path: string; url: URL }) =>
      r.path === 'dbs/1/archives/1' && !r.url.searchParams.has('type');
    expect(fake.requests.some(children)).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Expand Accounts Payable' }));
    expect(await screen.findByRole('button', { name: 'Purchase Orders' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Collapse Accounts Payable' }).getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it('lists the searches of the selected archive that are shown in lists, starring the default', async () => {
    window.localStorage.setItem('autoRunDefaultSearchOnClick', 'false');
    renderApp({ url: '/view?db=1', fetch: server().fetch, session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Expand Accounts Payable' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Purchase Orders' }));

    await waitFor(() => expect(currentPath()).toBe('/view?db=1&a=2'));
    const list = await screen.findByTestId('search-list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.search-list__name')?.textContent),
    ).toEqual(['Browse Purchase Orders', 'PO by Number']);
    expect(within(screen.getByTestId('search-12')).getByTestId('default-search').textContent).toBe(
      'Default search',
    );
    expect(within(screen.getByTestId('search-11')).queryByTestId('default-search')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Purchase Orders' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Purchase Orders' }).getAttribute('aria-current')).toBe('true');
  });

  it('restores the selected archive from the address, naming it from the server', async () => {
    renderApp({ url: '/view?db=1&a=2', fetch: server().fetch, session: session() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase Orders' })).toBeTruthy();
    expect(await screen.findByTestId('search-12')).toBeTruthy();
  });

  it('leaves the archive list out when the General setting showArchiveList is off', async () => {
    window.localStorage.setItem('showArchiveList', 'false');
    const fake = server();
    renderApp({ url: '/view?db=1&a=2', fetch: fake.fetch, session: session() });
    expect(await screen.findByTestId('search-12')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Correspondence' })).toBeNull();
    expect(fake.requests.some((r) => r.path === 'dbs/1/archives')).toBe(false);
  });

  it('says so when an archive offers no searches', async () => {
    renderApp({ url: '/view?db=1', fetch: server().fetch, session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Correspondence' }));
    expect((await screen.findByTestId('searches-empty')).textContent).toBe(
      'No searches are available to you in this archive.',
    );
  });

  it('sends the user to the login page with the licence-expired message when the licence has expired', async () => {
    const fake = createFakeServer({
      'GET dbs': { Databases: [{ Id: 1, Name: 'Default' }] },
      'GET dbs/1/archives': json({ Message: 'LicenseExpired' }, 401),
    });
    const { store } = renderApp({ url: '/view?db=1', fetch: fake.fetch, session: session() });
    expect(await screen.findByTestId('login-license-expired')).toBeTruthy();
    expect(currentPath()).toBe(
      `/login?redirectUrl=${encodeURIComponent('/view?db=1')}&isLicenseExpired=true`,
    );
    expect(store.get(sessionAtom)).toBeNull();
    await waitFor(() => expect(store.get(sessionEndAtom)).toBeNull());
  });

  it('without a database in the address, opens the remembered one or database selection', async () => {
    window.localStorage.setItem('selectedDatabase', '1');
    renderApp({ url: '/view', fetch: server().fetch, session: session() });
    await waitFor(() => expect(currentPath()).toBe('/view?db=1'));
  });
});
