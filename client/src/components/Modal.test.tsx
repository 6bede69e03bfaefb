import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { AppProviders } from '../app/AppProviders';
import type { AppStore } from '../app/createAppStore';
import { createI18n } from '../app/i18n';
import { Modal } from './Modal';

function LateFields() {
  const [ready, setReady] = useState(false);
  return ready ? (
    <input aria-label="late" />
  ) : (
    <button type="button" data-testid="arrive" onClick={() => setReady(true)} tabIndex={-1}>
      load
    </button>
  );
}

function Harness({ late = false }: { late?: boolean }) {
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open && (
        <Modal title="Dialog" onClose={() => setOpen(false)}>
          {late ? (
            <LateFields />
          ) : (
            <>
              <input aria-label="first" />
              <button type="button" disabled={failed} onClick={() => setFailed(true)}>
                fail
              </button>
            </>
          )}
        </Modal>
      )}
    </>
  );
}

function renderHarness(late = false) {
  render(
    <AppProviders store={createStore() as AppStore} i18n={createI18n('en')}>
      <Harness late={late} />
    </AppProviders>,
  );
}

const tab = (shiftKey = false) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });

describe('Modal', () => {
  it('focuses the first field, keeps Tab inside, closes on Escape and gives the focus back to the opener', () => {
    renderHarness();
    const opener = screen.getByRole('button', { name: 'open' });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByLabelText('first'));
    // the last stop is the fail button, the first the close button: Tab wraps between them
    screen.getByRole('button', { name: 'fail' }).focus();
    tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    tab(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'fail' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('still closes on Escape when the focus was lost to the page (a button disabled under it)', () => {
    renderHarness();
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    act(() => (document.activeElement as HTMLElement).blur());
    expect(document.activeElement).toBe(document.body);
    tab();
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
    act(() => (document.activeElement as HTMLElement).blur());
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('focuses a field that arrives after the dialog opened', async () => {
    renderHarness(true);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
    fireEvent.click(screen.getByTestId('arrive'));
    await act(async () => {});
    expect(document.activeElement).toBe(screen.getByLabelText('late'));
  });
});
