// The helper's own settings (API path, installed packages), kept as JSON in the data folder the
// way the tray app keeps its settings file; every change is written at once.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { HELPER_PACKAGES, type HelperPackageName } from '@gs/contract/helper';

export interface HelperSettings {
  apiPath: string;
  installed: HelperPackageName[];
}

export interface HelperState {
  get(): HelperSettings;
  update(change: Partial<HelperSettings>): HelperSettings;
}

const isPackage = (name: string): name is HelperPackageName =>
  (HELPER_PACKAGES as readonly string[]).includes(name);

/** A state kept in a file; with no file, in memory only (tests). */
export function createHelperState(file: string | undefined, defaults: HelperSettings): HelperState {
  let current = { ...defaults };
  if (file) {
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<HelperSettings>;
      current = {
        apiPath: typeof saved.apiPath === 'string' ? saved.apiPath : defaults.apiPath,
        installed: Array.isArray(saved.installed) ? saved.installed.filter(isPackage) : defaults.installed,
      };
    } catch {
      // no settings yet: the defaults stand
    }
  }
  return {
    get: () => current,
    update(change) {
      current = { ...current, ...change };
      if (file) {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(`${file}.tmp`, JSON.stringify(current, null, 2));
        renameSync(`${file}.tmp`, file);
      }
      return current;
    },
  };
}

export { isPackage };
