// Square9API `admin` and `userAdmin/isAdmin`: the flags that decide the header's admin buttons.
import { AdminFeature, AdminFunction, type AdminFunctionName } from '@gs/contract/admin';
import { paths } from '@gs/contract/paths';
import type { Http } from './http';

export interface AdminFlags {
  isAnyDbAdmin: boolean;
  isAdminAll: boolean;
  isUserAdmin: boolean;
  /** seats of the user-admin feature (usr) */
  userAdminFeature: number;
  /** seats of the GlobalAction web feature (gaw) */
  globalActionFeature: number;
  /** licences of the multi-database feature (mdb): 0 gates creating databases (admin-spec §6) */
  multiDatabaseFeature: number;
}

export const NO_ADMIN_FLAGS: AdminFlags = {
  isAnyDbAdmin: false,
  isAdminAll: false,
  isUserAdmin: false,
  userAdminFeature: 0,
  globalActionFeature: 0,
  multiDatabaseFeature: 0,
};

const USER_ADMIN_IS_ADMIN = 'userAdmin/isAdmin';

const toBoolean = (value: unknown): boolean =>
  value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');

const toNumber = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').trim());
  return Number.isFinite(n) ? n : 0;
};

export async function getAdminFunction(http: Http, name: AdminFunctionName): Promise<boolean> {
  return toBoolean(await http.request<unknown>(paths.admin({ function: name })));
}

export async function getFeatureCount(http: Http, feature: string): Promise<number> {
  return toNumber(await http.request<unknown>(paths.admin({ feature, licenseCount: false })));
}

export async function getIsUserAdmin(http: Http): Promise<boolean> {
  return toBoolean(await http.request<unknown>(USER_ADMIN_IS_ADMIN));
}

/** Every flag at once; a flag whose call fails counts as "no" so the header still renders. */
export async function getAdminFlags(http: Http): Promise<AdminFlags> {
  const orFalse = (p: Promise<boolean>) => p.catch(() => false);
  const orZero = (p: Promise<number>) => p.catch(() => 0);
  const [isAnyDbAdmin, isAdminAll, isUserAdmin, userAdminFeature, globalActionFeature, multiDatabaseFeature] =
    await Promise.all([
      orFalse(getAdminFunction(http, AdminFunction.IsAnyDbAdmin)),
      orFalse(getAdminFunction(http, AdminFunction.IsAdminAll)),
      orFalse(getIsUserAdmin(http)),
      orZero(getFeatureCount(http, AdminFeature.UserAdmin)),
      orZero(getFeatureCount(http, AdminFeature.GlobalActionWeb)),
      orZero(getFeatureCount(http, AdminFeature.MultiDatabase)),
    ]);
  return {
    isAnyDbAdmin,
    isAdminAll,
    isUserAdmin,
    userAdminFeature,
    globalActionFeature,
    multiDatabaseFeature,
  };
}
