import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../app/i18n';
import { AdminAlert } from './AdminAlert';
import {
  alertStatusAtom,
  notifyAtom,
  reportErrorAtom,
  reportSavedAtom,
  unsavedChangesAtom,
} from './adminAtoms';

function renderAlert() {
  const store = createStore();
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <Provider store={store}>
        <AdminAlert />
      </Provider>
    </I18nextProvider>,
  );
  const status = () => screen.getByTestId('admin-alert').dataset.status;
  return { store, status };
}

const notes = () => [...document.querySelectorAll('.admin-note span')].map((n) => n.textContent);

describe('alert status (admin-spec §2, §9)', () => {
  it('starts sleeping; saved and error fade back to idle after 2.5 s', () => {
    vi.useFakeTimers();
    const { store, status } = renderAlert();
    expect(status()).toBe('sleeping');
    store.set(unsavedChangesAtom, true);
    act(() => store.set(reportSavedAtom));
    expect(status()).toBe('saved');
    expect(store.get(unsavedChangesAtom)).toBe(false);
    act(() => vi.advanceTimersByTime(2499));
    expect(status()).toBe('saved');
    act(() => vi.advanceTimersByTime(1));
    expect(status()).toBe('idle');
    act(() => store.set(reportErrorAtom, 'The request is invalid.'));
    expect(status()).toBe('error');
    act(() => vi.advanceTimersByTime(2500));
    expect(status()).toBe('idle');
    expect(store.get(alertStatusAtom)).toBe('idle');
  });

  it('shows a second save made while saved still shows for its own 2.5 s, as a status of its own', () => {
    vi.useFakeTimers();
    const { store, status } = renderAlert();
    act(() => store.set(reportSavedAtom));
    const first = screen.getByTestId('admin-alert');
    act(() => vi.advanceTimersByTime(2000));
    act(() => store.set(reportSavedAtom));
    // shown afresh (a screen reader hears it again), and the fade starts over
    expect(screen.getByTestId('admin-alert')).not.toBe(first);
    act(() => vi.advanceTimersByTime(2000));
    expect(status()).toBe('saved');
    act(() => vi.advanceTimersByTime(500));
    expect(status()).toBe('idle');
  });

  it('lets each notification fade after 5 s', () => {
    vi.useFakeTimers();
    const { store } = renderAlert();
    act(() => store.set(notifyAtom, { kind: 'error', text: 'Stamp already exists.' }));
    act(() => vi.advanceTimersByTime(3000));
    act(() => store.set(notifyAtom, { kind: 'info', text: 'Second' }));
    expect(notes()).toEqual(['Stamp already exists.', 'Second']);
    act(() => vi.advanceTimersByTime(2000));
    expect(notes()).toEqual(['Second']);
    act(() => vi.advanceTimersByTime(3000));
    expect(notes()).toEqual([]);
  });
});
