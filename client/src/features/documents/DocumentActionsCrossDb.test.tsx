import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '../../test/fakeServer';
import { archive, session } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { resultsServer, resultsUrl } from '../../test/resultsServer';
import { notesAtom } from '../../state/notes';

const check = async (id: number) => {
  await screen.findByTestId(`row-${id}`, {}, { timeout: 5000 });
  fireEvent.click(screen.getByRole('checkbox', { name: `Select document ${id}` }));
};
const opRequests = (requests: FakeRequest[], op: string) =>
  requests.filter((r) => r.path.toLowerCase().endsWith(`/${op}`));

function open(
  databases = [
    { Id: 1, Name: 'Finance' },
    { Id: 2, Name: 'Human Resources' },
  ],
) {
  const fake = resultsServer({
    'GET dbs': { Databases: databases },
    'GET dbs/1/archives': { Archives: [archive(1, 'Accounts Payable', 0, 2), archive(5, 'Purchase Orders')] },
    'GET dbs/2/archives': { Archives: [archive(2, 'Personnel Files'), archive(9, 'Contracts')] },
    'GET dbs/2/archives/2?type=info': { Id: 2, Name: 'Personnel Files', Parent: 0, Count: 4 },
    'GET dbs/2/archives/9?type=info': { Id: 9, Name: 'Contracts', Parent: 0, Count: 0 },
    'GET dbs/1/archives/5?type=info': { Id: 5, Name: 'Purchase Orders', Parent: 0, Count: 9 },
    'GET dbs/1/archives/2/documents/101/Copy': 801,
    'GET dbs/1/archives/2/documents/102/Copy': 802,
    'GET dbs/1/archives/2/documents/101/Move': 803,
  });
  const app = renderApp({ url: resultsUrl(), fetch: fake.fetch, session: session() });
  return { fake, ...app };
}

describe('the archive-select modal across databases', () => {
  it('copies to an archive of another database picked with the database selector', async () => {
    const { fake, store } = open();
    await check(101);
    await check(102);
    fireEvent.click(screen.getByTestId('documents-copy'));
    const modal = await screen.findByTestId('archive-select');
    const selector = (await within(modal).findByTestId('archive-select-database')) as HTMLSelectElement;
    expect(selector.value).toBe('1');
    expect([...selector.options].map((o) => o.textContent)).toEqual(['Finance', 'Human Resources']);
    // the current database's tree first; another database shows its own tree
    await within(modal).findByTestId('archive-5');
    fireEvent.change(selector, { target: { value: '2' } });
    fireEvent.click(await within(modal).findByTestId('archive-9'));
    expect(within(modal).queryByTestId('archive-5')).toBeNull();
    expect(within(modal).getByText('Destination: Contracts in database Human Resources')).toBeTruthy();
    fireEvent.click(within(modal).getByTestId('archive-select-confirm'));
    await waitFor(() => expect(store.get(notesAtom)[0]?.job?.success).toBe(2));
    const calls = opRequests(fake.requests, 'copy');
    expect(calls.map((r) => r.path)).toEqual([
      'dbs/1/archives/2/documents/101/Copy',
      'dbs/1/archives/2/documents/102/Copy',
    ]);
    expect(calls.map((r) => r.url.searchParams.get('DestinationArchive'))).toEqual(['9', '9']);
    expect(calls.map((r) => r.url.searchParams.get('DestinationDatabase'))).toEqual(['2', '2']);
  });

  it('lets a move go to the archive with the source’s id in another database, and clears the choice on a switch', async () => {
    const { fake, store } = open();
    await check(101);
    fireEvent.click(screen.getByTestId('documents-move'));
    const modal = await screen.findByTestId('archive-select');
    const selector = (await within(modal).findByTestId('archive-select-database')) as HTMLSelectElement;
    fireEvent.click(await within(modal).findByTestId('archive-5'));
    fireEvent.change(selector, { target: { value: '2' } });
    const confirm = within(modal).getByTestId('archive-select-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    // archive 2 is the source's id in database 1, but here it is Personnel Files of database 2
    fireEvent.click(await within(modal).findByTestId('archive-2'));
    expect(within(modal).queryByText(/already in this archive/)).toBeNull();
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(store.get(notesAtom)[0]?.job?.success).toBe(1));
    const [call] = opRequests(fake.requests, 'move');
    expect(call?.url.searchParams.get('DestinationArchive')).toBe('2');
    expect(call?.url.searchParams.get('DestinationDatabase')).toBe('2');
  });

  it('shows no selector with one database and sends only DestinationArchive', async () => {
    const { fake, store } = open([{ Id: 1, Name: 'Finance' }]);
    await check(101);
    fireEvent.click(screen.getByTestId('documents-copy'));
    const modal = await screen.findByTestId('archive-select');
    fireEvent.click(await within(modal).findByTestId('archive-5'));
    expect(within(modal).queryByTestId('archive-select-database')).toBeNull();
    fireEvent.click(within(modal).getByTestId('archive-select-confirm'));
    await waitFor(() => expect(store.get(notesAtom)[0]?.job?.success).toBe(1));
    const [call] = opRequests(fake.requests, 'copy');
    expect(call?.url.searchParams.get('DestinationArchive')).toBe('5');
    expect(call?.url.searchParams.has('DestinationDatabase')).toBe(false);
  });
});
