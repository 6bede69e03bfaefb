// `GET admin?function=...` and `admin?feature=...` (spec §7).
export const AdminFunction = {
  Version: 'version',
  IsAnyDbAdmin: 'isAnyDbAdmin',
  IsAdminAll: 'isAdminAll',
  IsDbAdmin: 'isDbAdmin',
  IsS9User: 'isS9User',
  IsExternalS9User: 'isExternalS9User',
  User: 'user',
} as const;
export type AdminFunctionName = (typeof AdminFunction)[keyof typeof AdminFunction];

/** Feature licence codes the client checks. */
export const AdminFeature = { UserAdmin: 'usr', GlobalActionWeb: 'gaw', MultiDatabase: 'mdb' } as const;

/**
 * 403 of `POST admin/databases` when a database exists and the multi-database feature (`mdb`)
 * has no licence (admin-spec §6; our design: the count of `admin?feature=mdb`).
 */
export const MULTIPLE_DATABASES_NOT_LICENSED = 'Multiple databases are not licensed.';

/** What the simulator reports as its version. */
export const SERVER_VERSION = '6.1.0.44';
