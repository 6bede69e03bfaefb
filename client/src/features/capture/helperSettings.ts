// Where the Extensions helper listens, as the user's local settings say (spec §3 "Local
// settings: helper ports and SSL flag"; §7: defaults 9080 and 9443). Ports left unset follow
// config.json's `helper` block, so a deployment can move the helper without every user editing
// their settings.
// The scheme is our design (docs/decisions/011-helper-scheme-follows-the-page.md): the spec's
// default (SSL off for import/export, on for the scanner) made a stock browser on an http page
// call the helper's self-signed https address, which it refuses. So a flag the user has not set
// follows the page: an http page calls the helper over http for every feature, an https page over
// https (a browser blocks http calls from it), and /gseconnect helps trust the certificate once.
import { atom } from 'jotai';
import type { ClientConfig } from '@gs/contract/config';
import { createHelperClient, helperBaseUrl, type HelperClient } from '../../api/helper';
import { configAtom } from '../../state/environment';
import { localSettingAtom } from '../../state/preferences';

export interface HelperLocalSettings {
  httpPort?: number;
  httpsPort?: number;
  /** https for import, export, bulk update, launch and e-mail; unset: as the page */
  ioSsl?: boolean;
  /** https for the scanner; unset: as the page */
  scanSsl?: boolean;
}

export const HELPER_SETTINGS_KEY = 'gseSettings';

const isPort = (v: unknown) =>
  v === undefined || (Number.isInteger(v) && (v as number) > 0 && (v as number) < 65536);
const isFlag = (v: unknown) => v === undefined || typeof v === 'boolean';
const isHelperSettings = (v: unknown): v is HelperLocalSettings => {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as HelperLocalSettings;
  return isPort(s.httpPort) && isPort(s.httpsPort) && isFlag(s.ioSsl) && isFlag(s.scanSsl);
};

export const helperLocalSettingsAtom = localSettingAtom<HelperLocalSettings>(
  HELPER_SETTINGS_KEY,
  {},
  isHelperSettings,
);

/** 'scan' for the scanner; 'io' for import, export, bulk update, launch, e-mail and the manager. */
export type HelperPurpose = 'scan' | 'io';

/** Why a purpose uses its scheme: the page's own scheme, or the user's explicit choice. */
export type SchemeSource = 'page' | 'user';

/** What the helper features use: the saved settings over config.json over the page. */
export interface EffectiveHelperSettings {
  host: string;
  httpPort: number;
  httpsPort: number;
  /** the page itself is served over https */
  pageSecure: boolean;
  ioSsl: boolean;
  scanSsl: boolean;
  source: Record<HelperPurpose, SchemeSource>;
}

/** Whether this page was served over https (false outside a browser). */
export function pageIsSecure(): boolean {
  return typeof window !== 'undefined' && window.location.protocol === 'https:';
}

export function effectiveHelperSettings(
  config: ClientConfig,
  saved: HelperLocalSettings,
  pageSecure: boolean,
): EffectiveHelperSettings {
  return {
    host: config.helper.host,
    httpPort: saved.httpPort ?? config.helper.httpPort,
    httpsPort: saved.httpsPort ?? config.helper.httpsPort,
    pageSecure,
    ioSsl: saved.ioSsl ?? pageSecure,
    scanSsl: saved.scanSsl ?? pageSecure,
    source: {
      io: saved.ioSsl === undefined ? 'page' : 'user',
      scan: saved.scanSsl === undefined ? 'page' : 'user',
    },
  };
}

export const effectiveHelperSettingsAtom = atom((get) =>
  effectiveHelperSettings(get(configAtom), get(helperLocalSettingsAtom), pageIsSecure()),
);

export function helperSslFor(settings: EffectiveHelperSettings, purpose: HelperPurpose): boolean {
  return purpose === 'scan' ? settings.scanSsl : settings.ioSsl;
}

export function helperUrlFor(settings: EffectiveHelperSettings, purpose: HelperPurpose): string {
  const ssl = helperSslFor(settings, purpose);
  return helperBaseUrl(settings.host, ssl ? settings.httpsPort : settings.httpPort, ssl);
}

/** The helper's https address, whichever feature uses it (the one /gseconnect asks to trust). */
export function helperHttpsUrl(settings: EffectiveHelperSettings): string {
  return helperBaseUrl(settings.host, settings.httpsPort, true);
}

/** A helper client for one purpose, following the settings. */
export const helperClientAtom = atom((get) => {
  const settings = get(effectiveHelperSettingsAtom);
  const clients: Record<HelperPurpose, HelperClient> = {
    scan: createHelperClient({ baseUrl: helperUrlFor(settings, 'scan') }),
    io: createHelperClient({ baseUrl: helperUrlFor(settings, 'io') }),
  };
  return clients;
});

/** A client of the helper's https address (for /gseconnect's certificate step). */
export const helperHttpsClientAtom = atom((get) =>
  createHelperClient({ baseUrl: helperHttpsUrl(get(effectiveHelperSettingsAtom)) }),
);
