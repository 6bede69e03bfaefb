import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ArchiveFlags, ArchiveProperties } from '@gs/contract/flags';
import { createFakeServer } from '../../test/fakeServer';
import { archive, session } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { showVersionArchiveAtom } from '../../state/displayPreferences';
import { DEFAULT_CONFIG } from '../../api/config';
import { AppProviders } from '../../app/AppProviders';
import { createAppStore } from '../../app/createAppStore';
import { createI18n } from '../../app/i18n';
import { ArchiveSelectModal } from '../documents/ArchiveSelectModal';

const { HasChildren } = ArchiveProperties;
const info = (Id: number, Name: string, DBProperties: number) => ({
  Id,
  Name,
  Parent: 0,
  DBProperties,
  Count: 1,
});

// Policies is revision-controlled with its Versions archive; Letters is not, and holds a child
// that merely happens to be called Versions.
function server() {
  return createFakeServer({
    'GET dbs': { Databases: [{ Id: 1, Name: 'Default' }] },
    'GET dbs/1/archives': {
      Archives: [archive(1, 'Policies', 0, HasChildren), archive(4, 'Letters', 0, HasChildren)],
    },
    'GET dbs/1/archives/1': { Archives: [archive(2, 'Versions', 1), archive(3, 'Drafts', 1)] },
    'GET dbs/1/archives/4': { Archives: [archive(5, 'Versions', 4)] },
    'GET dbs/1/archives/1?type=info': info(1, 'Policies', ArchiveFlags.RevisionControl),
    'GET dbs/1/archives/4?type=info': info(4, 'Letters', ArchiveFlags.PdfConvert),
    'GET dbs/1/archives/2?type=info': info(2, 'Versions', ArchiveFlags.VersionsArchive),
    'GET dbs/1/archives/3?type=info': info(3, 'Drafts', 0),
    'GET dbs/1/archives/5?type=info': info(5, 'Versions', 0),
  });
}

async function openBoth() {
  fireEvent.click(await screen.findByRole('button', { name: 'Expand Policies' }));
  fireEvent.click(screen.getByRole('button', { name: 'Expand Letters' }));
  await screen.findByTestId('archive-3');
  await screen.findByTestId('archive-5');
}

describe('the archive tree and the showVersionArchive setting', () => {
  it('hides the Versions archive of a revision-controlled archive by default', async () => {
    renderApp({ url: '/view?db=1', fetch: server().fetch, session: session() });
    await openBoth();
    expect(screen.queryByTestId('archive-2')).toBeNull();
    expect(screen.getByTestId('archive-3').textContent).toContain('Drafts');
    // a child named Versions under an archive without revision control is an ordinary archive
    expect(screen.getByTestId('archive-5').textContent).toContain('Versions');
  });

  it('shows it when the setting is on, and follows the setting as it changes', async () => {
    window.localStorage.setItem('showVersionArchive', 'true');
    const { store } = renderApp({ url: '/view?db=1', fetch: server().fetch, session: session() });
    await openBoth();
    expect(screen.getByTestId('archive-2').textContent).toContain('Versions');

    act(() => store.set(showVersionArchiveAtom, false));
    expect(screen.queryByTestId('archive-2')).toBeNull();
    expect(window.localStorage.getItem('showVersionArchive')).toBe('false');
    act(() => store.set(showVersionArchiveAtom, true));
    expect(await screen.findByTestId('archive-2')).toBeTruthy();
  });

  it('shows the child when the parent’s info cannot be read rather than hiding an archive', async () => {
    const fake = createFakeServer({
      'GET dbs': { Databases: [{ Id: 1, Name: 'Default' }] },
      'GET dbs/1/archives': { Archives: [archive(1, 'Policies', 0, HasChildren)] },
      'GET dbs/1/archives/1': { Archives: [archive(2, 'Versions', 1)] },
    });
    renderApp({ url: '/view?db=1', fetch: fake.fetch, session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Expand Policies' }));
    expect(await screen.findByTestId('archive-2')).toBeTruthy();
  });
});

describe('the copy/move archive picker and the showVersionArchive setting', () => {
  function renderPicker() {
    const { store } = createAppStore({ config: DEFAULT_CONFIG, fetch: server().fetch });
    render(
      <AppProviders store={store} i18n={createI18n('en')}>
        <MemoryRouter>
          <ArchiveSelectModal
            db={1}
            title="Move"
            confirmLabel="Move"
            onChoose={() => {}}
            onClose={() => {}}
          />
        </MemoryRouter>
      </AppProviders>,
    );
    return store;
  }

  it('offers no Versions archive of a revision-controlled archive unless the setting is on', async () => {
    const store = renderPicker();
    const picker = await screen.findByTestId('archive-select');
    fireEvent.click(await within(picker).findByRole('button', { name: 'Expand Policies' }));
    expect(await within(picker).findByTestId('archive-3')).toBeTruthy();
    expect(within(picker).queryByTestId('archive-2')).toBeNull();

    act(() => store.set(showVersionArchiveAtom, true));
    expect(await within(picker).findByTestId('archive-2')).toBeTruthy();
  });
});
