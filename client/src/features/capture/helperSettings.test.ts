import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../api/config';
import { schemeReason } from './HelperSchemes';
import { effectiveHelperSettings, helperUrlFor } from './helperSettings';

const urls = (saved: Parameters<typeof effectiveHelperSettings>[1], pageSecure: boolean) => {
  const settings = effectiveHelperSettings(DEFAULT_CONFIG, saved, pageSecure);
  return { scan: helperUrlFor(settings, 'scan'), io: helperUrlFor(settings, 'io'), settings };
};

describe('the helper scheme follows the page unless the user set it (decision 011)', () => {
  it('calls the helper over http for every feature from an http page', () => {
    const { scan, io, settings } = urls({}, false);
    expect(scan).toBe('http://localhost:9080');
    expect(io).toBe('http://localhost:9080');
    expect(schemeReason(settings, 'scan')).toBe('pageHttp');
  });

  it('calls the helper over https for every feature from an https page', () => {
    const { scan, io, settings } = urls({}, true);
    expect(scan).toBe('https://localhost:9443');
    expect(io).toBe('https://localhost:9443');
    expect(schemeReason(settings, 'io')).toBe('pageHttps');
  });

  it("keeps the user's explicit choice per feature, and its ports", () => {
    const { scan, io, settings } = urls({ scanSsl: true, ioSsl: false, httpPort: 9100 }, true);
    expect(scan).toBe('https://localhost:9443');
    expect(io).toBe('http://localhost:9100');
    expect(schemeReason(settings, 'scan')).toBe('userHttps');
    expect(schemeReason(settings, 'io')).toBe('userHttpOnHttps');
    expect(schemeReason(urls({ ioSsl: false }, false).settings, 'io')).toBe('userHttp');
  });
});
