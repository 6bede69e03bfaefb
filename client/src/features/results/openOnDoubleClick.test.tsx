import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { resultsServer, resultsUrl } from '../../test/resultsServer';

// the results page is a lazy chunk: the first render of a run may take a while
const findRow = (id: number) => screen.findByTestId(`row-${id}`, {}, { timeout: 5000 });

function open() {
  const fake = resultsServer({ 'POST session': 'sess-7' });
  renderApp({ url: resultsUrl(), fetch: fake.fetch, session: session() });
  const sessionCalls = () => fake.requests.filter((r) => r.method === 'POST' && r.path === 'session');
  return { sessionCalls };
}

describe('a double click on a results row and the disableOpenDoc setting', () => {
  it('opens the document in the viewer by default', async () => {
    const { sessionCalls } = open();
    fireEvent.doubleClick(await findRow(102));
    await waitFor(() => expect(currentPath()).toMatch(/^\/viewer\/doc-hash-102\?/));
    expect(new URLSearchParams(window.location.search).get('session')).toBe('sess-7');
    expect(JSON.parse(sessionCalls()[0]?.body ?? '{}')).toMatchObject({
      Documents: [{ Archive: 2, Id: 102, Hash: 'doc-hash-102' }],
    });
  });

  it('does not open it when disableOpenDoc is on, while the View button still does', async () => {
    window.localStorage.setItem('disableOpenDoc', 'true');
    const { sessionCalls } = open();
    fireEvent.doubleClick(await findRow(102));
    expect(currentPath()).toMatch(/^\/results\//);

    fireEvent.click(screen.getByRole('button', { name: 'View document 102' }));
    await waitFor(() => expect(currentPath()).toMatch(/^\/viewer\/doc-hash-102\?/));
    // one viewer session: the View button's, none from the double click
    expect(sessionCalls()).toHaveLength(1);
  });
});
