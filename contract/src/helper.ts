// The GlobalSearch Extensions helper's API, shared by the client and the helper simulator.
export const HELPER_DEFAULT_HTTP_PORT = 9080;
export const HELPER_DEFAULT_HTTPS_PORT = 9443;

/** Version the helper reports; the client needs at least MIN_HELPER_VERSION (else GSE_WRONG_VERSION). */
export const HELPER_VERSION = '3.2.0.12';
export const MIN_HELPER_VERSION = '3.0.0.0';

export const helperPaths = {
  managementTest: '/api/Management/test',
  getApi: '/api/Management/GetApi',
  checkPackages: '/api/Management/CheckPackages',
  updateApi: '/api/Management/UpdateApi',
  install: '/api/Management/Install',
  uninstall: '/api/Management/Uninstall',
  launchTest: '/api/launch/test',
  launchTable: '/api/launch/launchTable',
  launchEntry: '/api/launch/launchEntry',
  launchEmail: '/api/launch/email',
  launchInboxEmail: '/api/launch/inboxemail',
} as const;

export interface HelperTestResponse {
  Version: string;
  Mode: 'GlobalSearch' | 'GlobalCapture';
  ApiPath: string;
}

export interface HelperPackage {
  AppName: string;
  Installed: boolean;
  Version: string;
}

/** Extension packages the helper can install (Extensions Manager's list). */
export const HELPER_PACKAGES = [
  'Scanning',
  'ImportExport',
  'BulkUpdate',
  'Launch',
  'DataExtraction',
] as const;
export type HelperPackageName = (typeof HELPER_PACKAGES)[number];

export interface HelperInstallRequest {
  AppNames: HelperPackageName[];
}
