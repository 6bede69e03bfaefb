import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../api/config';
import { HELPER_CONNECT_ERROR, HelperBulkError } from '../../api/helperBulk';
import { AppProviders } from '../../app/AppProviders';
import { createAppStore } from '../../app/createAppStore';
import { createI18n } from '../../app/i18n';
import { bulkErrorText } from '../bulk/bulkMessages';
import { useHelperTrustHint } from './useHelperTrustHint';

const UNREACHABLE =
  'Unable to establish a connection to GlobalSearch Extensions. Please ensure that the GlobalSearch Extensions tray application is installed and running.';

function hint(purpose: 'io' | 'scan') {
  const i18n = createI18n('en');
  const { store } = createAppStore({ config: DEFAULT_CONFIG });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders store={store} i18n={i18n}>
      {children}
    </AppProviders>
  );
  return { i18n, value: renderHook(() => useHelperTrustHint(purpose), { wrapper }).result.current };
}

describe('the certificate hint of the helper-unreachable messages', () => {
  it('is absent over http (this page is http and nothing was chosen)', () => {
    expect(hint('io').value).toBeNull();
  });

  it('follows the unreachable message of import, export and bulk update over https', () => {
    window.localStorage.setItem('gseSettings', JSON.stringify({ ioSsl: true }));
    const { i18n, value } = hint('io');
    expect(value).toMatch(/^It is called over https here/);
    const error = new HelperBulkError(HELPER_CONNECT_ERROR, '', 0);
    expect(bulkErrorText(i18n.t, i18n, error, value)).toBe(`${UNREACHABLE} ${value}`);
    expect(bulkErrorText(i18n.t, i18n, error)).toBe(UNREACHABLE);
    // the scanner keeps following the page
    expect(hint('scan').value).toBeNull();
  });
});
