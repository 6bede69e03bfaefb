import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { realServer } from '../../test/realServer';
import { renderApp } from '../../test/renderApp';
import { openResults } from '../../test/resultsWorld';

// the results pages are lazy chunks: give a busy machine time
configure({ asyncUtilTimeout: 5000 });

describe('the results sidebars and the showArchiveList setting', () => {
  it('shows the archive tree beside archive results by default, and leaves it out when the setting is off', async () => {
    const shown = await openResults();
    await screen.findByTestId(`row-${shown.r.docs[0]}`);
    // Alpha's root archives, Payables' siblings
    expect(await screen.findByRole('button', { name: 'Contracts' })).toBeTruthy();
    shown.unmount();

    window.localStorage.setItem('showArchiveList', 'false');
    const hidden = await openResults();
    await screen.findByTestId(`row-${hidden.r.docs[0]}`);
    expect(screen.queryByRole('button', { name: 'Contracts' })).toBeNull();
    expect(hidden.server.requests.some((r) => r.path === 'dbs/1/archives')).toBe(false);
  });

  it('leaves the archive tree out beside an inbox when the setting is off, keeping the inbox list', async () => {
    window.localStorage.setItem('showArchiveList', 'false');
    const server = realServer();
    renderApp({
      url: `/results/Inbox?db=1&inboxId=${server.w.scans}`,
      fetch: server.fetch,
      session: await server.signIn('full.user'),
    });
    await screen.findByTestId('inbox-grid');
    const sidebar = screen.getByRole('navigation', { name: 'Archives' });
    expect(await within(sidebar).findByText('Mail')).toBeTruthy();
    expect(within(sidebar).queryByText('Invoices')).toBeNull();
    expect(server.requests.some((r) => r.path === 'dbs/1/archives')).toBe(false);
  });
});
