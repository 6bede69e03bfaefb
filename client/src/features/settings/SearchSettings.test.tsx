import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../test/fakeServer';
import { session } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

describe('searching settings', () => {
  it('remember auto-run of the default search (on by default) and the multi-archive options', async () => {
    renderApp({
      url: '/settings',
      fetch: createFakeServer({ 'GET dbs': { Databases: [] } }).fetch,
      session: session(),
    });
    const autoRun = (await screen.findByTestId('setting-auto-run')) as HTMLInputElement;
    expect(autoRun.checked).toBe(true);
    fireEvent.click(autoRun);
    expect(window.localStorage.getItem('autoRunDefaultSearchOnClick')).toBe('false');
    fireEvent.click(screen.getByTestId('setting-count-sort'));
    fireEvent.click(screen.getByTestId('setting-hide-empty'));
    expect(window.localStorage.getItem('multiArchiveCountSort')).toBe('true');
    expect(window.localStorage.getItem('multiArchiveHideEmpty')).toBe('true');
    expect(screen.getByLabelText('Automatically run default search when clicking archive')).toBe(autoRun);
  });
});
