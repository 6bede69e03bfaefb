import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test/fakeServer';
import { session } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';

describe('/path (decision 051)', () => {
  it('shows the screens the user may open as links with their addresses, the administration apart', async () => {
    localStorage.setItem('selectedDatabase', '2');
    const server = createFakeServer({
      'GET dbs': { Databases: [{ Id: 2, Name: 'HR' }] },
      'GET admin?function=isAdminAll': true,
    });
    renderApp({ url: '/path', fetch: server.fetch, session: session() });
    const nav = await screen.findByRole('navigation', { name: 'Screens you can open' }, { timeout: 5000 });
    expect(currentPath()).toBe('/path');
    expect(screen.getByRole('heading', { level: 1, name: 'Where to go' })).toBeTruthy();
    expect((await within(nav).findByRole('link', { name: 'Search HR' })).getAttribute('href')).toBe(
      '/view?db=2',
    );
    expect(within(nav).getByRole('link', { name: 'Batch portals' }).getAttribute('href')).toBe(
      '/batchselect',
    );
    expect(within(nav).getByTestId('path-settings').textContent).toContain('/settings');
    expect((await within(nav).findByRole('link', { name: 'License manager' })).getAttribute('href')).toBe(
      '/admin/licenses',
    );
    expect(within(nav).getByRole('heading', { name: 'Administration' })).toBeTruthy();
  });
});
