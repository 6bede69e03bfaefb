import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '../../test/fixtures';
import { realServer } from '../../test/realServer';
import { renderApp } from '../../test/renderApp';
import { resultsServer, resultsUrl } from '../../test/resultsServer';

// the results pages are lazy chunks: give a busy machine time
configure({ asyncUtilTimeout: 5000 });

const rootsAsked = (fake: ReturnType<typeof resultsServer>) =>
  fake.requests.some((r) => r.path === 'dbs/1/archives');

describe('the results sidebars and the showArchiveList setting', () => {
  it('shows the archive tree beside archive results by default, and leaves it out when the setting is off', async () => {
    const shown = resultsServer();
    const first = renderApp({ url: resultsUrl(), fetch: shown.fetch, session: session() });
    await screen.findByTestId('row-101');
    expect(await screen.findByRole('button', { name: 'Accounts Payable' })).toBeTruthy();
    first.unmount();

    window.localStorage.setItem('showArchiveList', 'false');
    const hidden = resultsServer();
    renderApp({ url: resultsUrl(), fetch: hidden.fetch, session: session() });
    await screen.findByTestId('row-101');
    expect(screen.queryByRole('button', { name: 'Accounts Payable' })).toBeNull();
    expect(rootsAsked(hidden)).toBe(false);
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
