// The archive-select modal across databases against the simulator's app in process
// (test/realDocs.ts): Payables and Filed in Alpha, Personnel in Beta.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Archive } from '@gs/contract/archives';
import type { FakeRequest } from '../../test/fakeServer';
import { archive } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { docsServer, type DocsServer } from '../../test/realDocs';
import { notesAtom } from '../../state/notes';

const check = async (id: number) => {
  await screen.findByTestId(`row-${id}`, {}, { timeout: 5000 });
  fireEvent.click(screen.getByRole('checkbox', { name: `Select document ${id}` }));
};
const opRequests = (requests: FakeRequest[], op: string) =>
  requests.filter((r) => r.path.toLowerCase().endsWith(`/${op}`));

async function open(login = 'full.user', server: DocsServer = docsServer()) {
  const { d } = server;
  const url = await server.resultsUrl(d.payablesSearch, d.payables);
  const app = renderApp({ url, fetch: server.fetch, session: await server.signIn(login) });
  const [acme, globex] = d.docs;
  return { server, d, acme, globex, ...app };
}

describe('the archive-select modal across databases', () => {
  it('copies to an archive of another database picked with the database selector', async () => {
    const { server, d, store, acme, globex } = await open();
    await check(acme);
    await check(globex);
    fireEvent.click(screen.getByTestId('documents-copy'));
    const modal = await screen.findByTestId('archive-select');
    const selector = (await within(modal).findByTestId('archive-select-database')) as HTMLSelectElement;
    expect(selector.value).toBe('1');
    expect([...selector.options].map((o) => o.textContent)).toEqual(['Alpha', 'Beta']);
    // the current database's tree first; another database shows its own tree
    await within(modal).findByTestId(`archive-${d.filed}`);
    fireEvent.change(selector, { target: { value: '2' } });
    fireEvent.click(await within(modal).findByTestId(`archive-${d.personnel}`));
    expect(within(modal).queryByTestId(`archive-${d.filed}`)).toBeNull();
    expect(within(modal).getByText('Destination: Personnel in database Beta')).toBeTruthy();
    fireEvent.click(within(modal).getByTestId('archive-select-confirm'));
    await waitFor(() => expect(store.get(notesAtom)[0]?.job?.success).toBe(2));
    const calls = opRequests(server.requests, 'copy');
    expect(calls.map((r) => r.path)).toEqual([
      `dbs/1/archives/${d.payables}/documents/${acme}/Copy`,
      `dbs/1/archives/${d.payables}/documents/${globex}/Copy`,
    ]);
    expect(calls.map((r) => r.url.searchParams.get('DestinationDatabase'))).toEqual(['2', '2']);
    expect(await server.count(2, d.personnel)).toBe(2);
    expect(await server.count(1, d.payables)).toBe(3);
  });

  it('moves to an archive of another database, clearing the choice on a switch', async () => {
    const { server, d, store, acme } = await open();
    await check(acme);
    fireEvent.click(screen.getByTestId('documents-move'));
    const modal = await screen.findByTestId('archive-select');
    const selector = (await within(modal).findByTestId('archive-select-database')) as HTMLSelectElement;
    fireEvent.click(await within(modal).findByTestId(`archive-${d.filed}`));
    fireEvent.change(selector, { target: { value: '2' } });
    const confirm = within(modal).getByTestId('archive-select-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(await within(modal).findByTestId(`archive-${d.personnel}`));
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(store.get(notesAtom)[0]?.job?.success).toBe(1));
    const [call] = opRequests(server.requests, 'move');
    expect(call?.url.searchParams.get('DestinationArchive')).toBe(String(d.personnel));
    expect(call?.url.searchParams.get('DestinationDatabase')).toBe('2');
    expect(await server.count(1, d.payables)).toBe(2);
    expect(await server.count(2, d.personnel)).toBe(1);
  });

  it('lets a move go to the archive with the source’s id in another database', async () => {
    // the simulator numbers archives across its databases; a server that numbers them per database
    // lists the source's id in another one too: only that listing is imitated
    let listed: Archive[] = [];
    const server = docsServer({ overrides: { 'GET dbs/2/archives': () => ({ Archives: listed }) } });
    listed = [archive(server.d.payables, 'Personnel Files')];
    const { d, acme } = await open('full.user', server);
    await check(acme);
    fireEvent.click(screen.getByTestId('documents-move'));
    const modal = await screen.findByTestId('archive-select');
    const selector = (await within(modal).findByTestId('archive-select-database')) as HTMLSelectElement;
    const confirm = within(modal).getByTestId('archive-select-confirm') as HTMLButtonElement;
    // in its own database the source archive is refused
    fireEvent.click(await within(modal).findByTestId(`archive-${d.payables}`));
    expect(within(modal).getByText(/already in this archive/)).toBeTruthy();
    expect(confirm.disabled).toBe(true);
    fireEvent.change(selector, { target: { value: '2' } });
    fireEvent.click(await within(modal).findByTestId(`archive-${d.payables}`));
    expect(within(modal).queryByText(/already in this archive/)).toBeNull();
    expect(within(modal).getByText('Destination: Personnel Files in database Beta')).toBeTruthy();
    expect(confirm.disabled).toBe(false);
  });

  it('shows no selector with one database and sends only DestinationArchive', async () => {
    // web.user sees Alpha only, and may add to Filed
    const { server, d, store, acme } = await open('web.user');
    await check(acme);
    fireEvent.click(screen.getByTestId('documents-copy'));
    const modal = await screen.findByTestId('archive-select');
    fireEvent.click(await within(modal).findByTestId(`archive-${d.filed}`));
    expect(within(modal).queryByTestId('archive-select-database')).toBeNull();
    fireEvent.click(within(modal).getByTestId('archive-select-confirm'));
    await waitFor(() => expect(store.get(notesAtom)[0]?.job?.success).toBe(1));
    const [call] = opRequests(server.requests, 'copy');
    expect(call?.url.searchParams.get('DestinationArchive')).toBe(String(d.filed));
    expect(call?.url.searchParams.has('DestinationDatabase')).toBe(false);
    expect(await server.count(1, d.filed)).toBe(1);
  });
});
