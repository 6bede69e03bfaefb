import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { AppProviders } from '../../app/AppProviders';
import type { AppStore } from '../../app/createAppStore';
import { createI18n } from '../../app/i18n';
import { addNoteAtom, NoteType, notesAtom, unreadNotesAtom } from '../../state/notes';
import { NotificationsMenu } from './NotificationsMenu';

function renderMenu() {
  const store = createStore() as AppStore;
  render(
    <AppProviders store={store} i18n={createI18n('en')}>
      <NotificationsMenu />
    </AppProviders>,
  );
  return store;
}

describe('notifications menu', () => {
  it('shows the unread count, lists notes newest first with links for export and open notes, and marks them read', () => {
    const store = renderMenu();
    expect(screen.queryByTestId('notifications-count')).toBeNull();
    act(() => {
      store.set(addNoteAtom, { type: NoteType.Information, text: 'First note' });
      store.set(addNoteAtom, { type: NoteType.ExportLink, text: 'Export ready', href: '/export/1.zip' });
      store.set(addNoteAtom, { type: NoteType.OpenLink, text: 'Open the viewer', href: '/viewer/abc' });
      store.set(addNoteAtom, { type: NoteType.Error, text: 'It failed' });
    });
    expect(screen.getByTestId('notifications-count').textContent).toBe('4');
    expect(screen.getByTestId('notifications-bell').getAttribute('aria-label')).toBe(
      'Notifications: 4 unread',
    );

    fireEvent.click(screen.getByTestId('notifications-bell'));
    const panel = screen.getByTestId('notifications-panel');
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-note-type'))).toEqual(['0', '4', '1', '3']);
    expect(within(panel).getByRole('link', { name: 'Export ready' }).getAttribute('href')).toBe(
      '/export/1.zip',
    );
    expect(within(panel).getByRole('link', { name: 'Open the viewer' }).getAttribute('target')).toBe(
      '_blank',
    );
    expect(within(panel).queryByRole('link', { name: 'It failed' })).toBeNull();
    expect(store.get(unreadNotesAtom)).toBe(0);
    expect(screen.queryByTestId('notifications-count')).toBeNull();

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('notifications-panel')).toBeNull();
  });

  it('shows a job note with its success and danger counts and failures', () => {
    const store = renderMenu();
    act(() => {
      store.set(notesAtom, []);
      store.set(addNoteAtom, {
        type: NoteType.Job,
        text: 'Delete (documents: 3)',
        job: { total: 3, success: 2, danger: 1, errors: ['DocID 9: Not allowed.'] },
      });
    });
    fireEvent.click(screen.getByTestId('notifications-bell'));
    const job = screen.getByTestId('note-job');
    expect(within(job).getByText('Succeeded: 2 of 3')).toBeTruthy();
    expect(within(job).getByText('Failed: 1 of 3')).toBeTruthy();
    expect(within(job).getByText('DocID 9: Not allowed.')).toBeTruthy();
    expect((within(job).getByRole('progressbar') as HTMLProgressElement).value).toBe(3);
  });
});
