// Where the Extensions helper listens, as the user's local settings say (spec §3 "Local
// settings: helper ports and SSL flag"; §7: defaults 9080 and 9443, SSL off for import and
// export, on for the scanner). Ports left unset follow config.json's `helper` block, so a
// deployment can move the helper without every user editing their settings.
import { atom } from 'jotai';
import type { ClientConfig } from '@gs/contract/config';
import { createHelperClient, helperBaseUrl, type HelperClient } from '../../api/helper';
import { configAtom } from '../../state/environment';
import { localSettingAtom } from '../../state/preferences';

export interface HelperLocalSettings {
  httpPort?: number;
  httpsPort?: number;
  /** use https for import and export (off by default) */
  ioSsl?: boolean;
  /** use https for the scanner (on by default) */
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

/** What the helper features use: the saved settings over config.json over the defaults. */
export interface EffectiveHelperSettings {
  host: string;
  httpPort: number;
  httpsPort: number;
  ioSsl: boolean;
  scanSsl: boolean;
}

export function effectiveHelperSettings(
  config: ClientConfig,
  saved: HelperLocalSettings,
): EffectiveHelperSettings {
  return {
    host: config.helper.host,
    httpPort: saved.httpPort ?? config.helper.httpPort,
    httpsPort: saved.httpsPort ?? config.helper.httpsPort,
    ioSsl: saved.ioSsl ?? false,
    scanSsl: saved.scanSsl ?? true,
  };
}

export const effectiveHelperSettingsAtom = atom((get) =>
  effectiveHelperSettings(get(configAtom), get(helperLocalSettingsAtom)),
);

/** 'scan' for the scanner; 'io' for import, export and the Extensions manager. */
export type HelperPurpose = 'scan' | 'io';

export function helperUrlFor(settings: EffectiveHelperSettings, purpose: HelperPurpose): string {
  const ssl = purpose === 'scan' ? settings.scanSsl : settings.ioSsl;
  return helperBaseUrl(settings.host, ssl ? settings.httpsPort : settings.httpPort, ssl);
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
