// A double click on a row against the simulator's app in process (test/resultsWorld.ts).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ViewerSession } from '@gs/contract/viewer';
import { currentPath } from '../../test/renderApp';
import { openResults } from '../../test/resultsWorld';

// the results page is a lazy chunk: the first render of a run may take a while
const findRow = (id: number) => screen.findByTestId(`row-${id}`, {}, { timeout: 5000 });

async function open() {
  const t = await openResults();
  const sessionCalls = () => t.server.requests.filter((r) => r.method === 'POST' && r.path === 'session');
  return { ...t, sessionCalls, doc: t.r.docs[1], hash: t.server.hashOf(1, t.r.docs[1]) };
}

describe('a double click on a results row and the disableOpenDoc setting', () => {
  it('opens the document in the viewer by default', async () => {
    const { server, doc, hash, r } = await open();
    fireEvent.doubleClick(await findRow(doc));
    await waitFor(() => expect(currentPath().startsWith(`/viewer/${hash}?`)).toBe(true));
    // the viewer session the server made holds the document
    const id = new URLSearchParams(window.location.search).get('session') ?? '';
    const session = await server.call<ViewerSession>('full.user', 'GET', `session/${id}`);
    expect(session.Documents).toMatchObject([{ Archive: r.payables, Id: doc, Hash: hash }]);
  });

  it('does not open it when disableOpenDoc is on, while the View button still does', async () => {
    window.localStorage.setItem('disableOpenDoc', 'true');
    const { sessionCalls, doc, hash } = await open();
    fireEvent.doubleClick(await findRow(doc));
    expect(currentPath()).toMatch(/^\/results\//);

    fireEvent.click(screen.getByRole('button', { name: `View document ${doc}` }));
    await waitFor(() => expect(currentPath().startsWith(`/viewer/${hash}?`)).toBe(true));
    // one viewer session: the View button's, none from the double click
    expect(sessionCalls()).toHaveLength(1);
  });
});
