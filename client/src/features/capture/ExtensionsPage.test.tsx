import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { HELPER_PACKAGES, HELPER_VERSION } from '@gs/contract/helper';
import { DEFAULT_CONFIG } from '../../api/config';
import { AppProviders } from '../../app/AppProviders';
import { createAppStore } from '../../app/createAppStore';
import { createI18n } from '../../app/i18n';
import { createFakeServer } from '../../test/fakeServer';
import { archive, session } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { CAPTURE_TIMINGS_TEST_KEY } from './captureTimings';
import { trustLinkFor } from './ExtensionsNotice';
import { ExtensionsPage } from './ExtensionsPage';
import { safeReturnPath } from './TrustCertificate';

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

describe('trusting the helper certificate (/gseconnect?return=...)', () => {
  /** A helper whose https address fails `untrustedFor` pings (the certificate not yet accepted). */
  function httpsHelper(untrustedFor: number) {
    let httpsPings = 0;
    const fake = createFakeServer({
      'GET dbs/1/archives': { Archives: [archive(2, 'Invoices')] },
      'GET /api/management/test': (request) => {
        if (request.url.protocol === 'https:' && ++httpsPings <= untrustedFor)
          throw new TypeError('Failed to fetch');
        return { Version: HELPER_VERSION, Mode: 'GlobalSearch', ApiPath: '' };
      },
      'GET /api/management/checkpackages': [],
    });
    vi.stubGlobal('fetch', fake.fetch);
    return fake;
  }

  it('explains, opens the https address, waits for it to answer and goes back', async () => {
    window.localStorage.setItem(CAPTURE_TIMINGS_TEST_KEY, JSON.stringify({ pingMs: 50 }));
    window.localStorage.setItem('gseSettings', JSON.stringify({ scanSsl: true }));
    const fake = httpsHelper(3);
    const back = '/scan?db=1&a=2';
    renderApp({ url: trustLinkFor(back), fetch: fake.fetch, session: session() });
    const open = await screen.findByRole('link', { name: 'Open https://localhost:9443' });
    expect(open.getAttribute('href')).toBe('https://localhost:9443/api/Management/test');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId('trust-certificate').textContent).toContain(
      'as chosen in the settings below. Its certificate is made on this computer',
    );
    await waitFor(() => expect(currentPath()).toBe(back));
    expect(fake.requests.filter((r) => r.url.origin === 'https://localhost:9443').length).toBeGreaterThan(3);
  });

  it('stays on the page without a safe place to go back to', async () => {
    window.localStorage.setItem(CAPTURE_TIMINGS_TEST_KEY, JSON.stringify({ pingMs: 50 }));
    window.localStorage.setItem('gseSettings', JSON.stringify({ ioSsl: true }));
    const fake = httpsHelper(1);
    renderApp({ url: trustLinkFor('//evil.example.com/'), fetch: fake.fetch, session: session() });
    expect((await screen.findByTestId('trust-done')).textContent).toBe(
      'Your browser trusts GlobalSearch Extensions: its https address answers.',
    );
    expect(window.location.pathname).toBe('/gseconnect');
    expect(safeReturnPath('/\\evil.example.com')).toBeNull();
    expect(safeReturnPath('https://evil.example.com/')).toBeNull();
  });

  it('from an https page calls every feature over https and says why', async () => {
    const happyDOM = (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM;
    const original = window.location.href;
    happyDOM.setURL('https://gs.example.com/');
    try {
      window.localStorage.setItem(CAPTURE_TIMINGS_TEST_KEY, JSON.stringify({ pingMs: 60_000 }));
      const fake = httpsHelper(Number.POSITIVE_INFINITY);
      renderApp({ url: '/gseconnect', fetch: fake.fetch, session: session() });
      // 'checking' first, then the step once the https ping has failed
      await waitFor(() =>
        expect(screen.getByTestId('trust-certificate').textContent).toContain(
          'as a page served over https must',
        ),
      );
      expect(screen.getByTestId('extensions-address').textContent).toBe('https://localhost:9443');
      for (const feature of ['scan', 'io', 'launch'])
        expect(screen.getByTestId(`helper-scheme-${feature}`).textContent).toContain(
          'https://localhost:9443This page is served over https',
        );
      expect(fake.requests.some((r) => r.url.protocol === 'http:' && r.path.startsWith('/api/'))).toBe(false);
    } finally {
      happyDOM.setURL(original);
    }
  });

  it('has no certificate step when every feature uses http', async () => {
    helper(0);
    renderPage(vi.fn());
    await screen.findByTestId('extensions-version');
    expect(screen.queryByTestId('trust-certificate')).toBeNull();
    expect(screen.getByTestId('helper-scheme-scan').textContent).toContain('http://localhost:9080');
    expect(screen.getByTestId('helper-scheme-scan').textContent).toContain('This page is served over http');
  });
});
