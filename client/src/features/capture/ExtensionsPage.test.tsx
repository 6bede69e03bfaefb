import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { HELPER_PACKAGES, HELPER_VERSION } from '@gs/contract/helper';
import { DEFAULT_CONFIG } from '../../api/config';
import { AppProviders } from '../../app/AppProviders';
import { createAppStore } from '../../app/createAppStore';
import { createI18n } from '../../app/i18n';
import { createFakeServer } from '../../test/fakeServer';
import { CAPTURE_TIMINGS_TEST_KEY } from './captureTimings';
import { ExtensionsPage } from './ExtensionsPage';

/** A helper that is down for the first `downFor` pings, with only Launch installed. */
function helper(downFor: number) {
  let pings = 0;
  const installed = new Set<string>(['Launch']);
  const packages = () =>
    HELPER_PACKAGES.map((AppName) => ({
      AppName,
      Installed: installed.has(AppName),
      Version: HELPER_VERSION,
    }));
  const fake = createFakeServer({
    'GET /api/management/test': () => {
      if (++pings <= downFor) throw new TypeError('Failed to fetch');
      return { Version: HELPER_VERSION, Mode: 'GlobalSearch', ApiPath: '' };
    },
    'GET /api/management/checkpackages': () => packages(),
    'POST /api/management/install': (request) => {
      for (const name of (JSON.parse(request.body ?? '{}') as { AppNames: string[] }).AppNames)
        installed.add(name);
      return packages();
    },
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

function renderPage(reload: () => void) {
  const { store } = createAppStore({ config: DEFAULT_CONFIG });
  render(
    <AppProviders store={store} i18n={createI18n('en')}>
      <MemoryRouter>
        <ExtensionsPage reload={reload} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('Extensions page (/gseconnect)', () => {
  it('waits for the helper, installs the scan package and reloads', async () => {
    window.localStorage.setItem(
      CAPTURE_TIMINGS_TEST_KEY,
      JSON.stringify({ pingMs: 60_000, installPollMs: 0 }),
    );
    const fake = helper(3);
    const reload = vi.fn();
    renderPage(reload);
    expect(await screen.findByTestId('extensions-warning')).toBeTruthy();
    expect(screen.getByTestId('extensions-address').textContent).toBe('http://localhost:9080');
    fireEvent.click(screen.getByRole('button', { name: 'Install scanning' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    const install = fake.requests.find((r) => r.method === 'POST' && r.path === '/api/Management/Install');
    expect(JSON.parse(install?.body ?? '{}')).toEqual({ AppNames: ['Scanning'] });
  });

  it('shows the version and packages of a running helper', async () => {
    helper(0);
    renderPage(vi.fn());
    expect((await screen.findByTestId('extensions-version')).textContent).toBe(HELPER_VERSION);
    expect((await screen.findByTestId('extensions-packages')).textContent).toContain('Scanning');
    expect(screen.getByTestId('extensions-status').textContent).toBe('Connected');
  });
});
