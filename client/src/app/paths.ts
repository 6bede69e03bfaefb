// The client's own routes (spec §2) and builders for the ones that take a query.

export const routes = {
  login: '/login',
  direct: '/direct',
  select: '/select',
  view: '/view',
  settings: '/settings',
  fullAdmin: '/admin/full',
  adminArchives: '/admin/archives',
  licenseManager: '/admin/licenses',
  userAdmin: '/admin/security',
  batchAdmin: '/admin/batches',
  batches: '/batches',
  batchSelect: '/batchselect',
  flows: '/flows',
  analytics: '/analytics',
  extensions: '/gseconnect',
  scan: '/scan',
  /** the screens this user may open (decision 051) */
  path: '/path',
} as const;

export const viewPath = (db: number, archive?: number | null): string =>
  archive ? `${routes.view}?db=${db}&a=${archive}` : `${routes.view}?db=${db}`;

/** /analytics for an analytics portal of /batchselect (decision 039). */
export const analyticsPath = (portalId?: number): string =>
  portalId ? `${routes.analytics}?portal=${portalId}` : routes.analytics;

export const wizardPath = `${routes.fullAdmin}?mode=DATABASE_IMPORT`;

/** The page shown after sign-out ("thank you", op 0 with db 0). */
export const signedOutPath = `${routes.direct}?op=0&db=0`;

export interface LoginParams {
  redirectUrl?: string;
  isLicenseExpired?: boolean;
  errorTitle?: string;
  errorMessage?: string;
}

export function loginPath(params: LoginParams = {}): string {
  const query = new URLSearchParams();
  if (params.redirectUrl) query.set('redirectUrl', params.redirectUrl);
  if (params.isLicenseExpired) query.set('isLicenseExpired', 'true');
  if (params.errorTitle) query.set('errorTitle', params.errorTitle);
  if (params.errorMessage) query.set('errorMessage', params.errorMessage);
  const text = query.toString();
  return text ? `${routes.login}?${text}` : routes.login;
}

/** Only same-app paths are followed after sign-in (no open redirect, no loop back to /login). */
export function safeRedirect(target: string | null): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  if (target === routes.login || target.startsWith(`${routes.login}?`)) return null;
  return target;
}

/** A positive integer from a query value, else null. */
export function positiveId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}
