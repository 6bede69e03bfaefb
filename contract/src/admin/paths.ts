// Paths of the administration API, relative to …/Square9API/api/ (square9api-wire.md §2.8).
const dbBase = (db: number) => `admin/databases/${db}`;
const opt = (id: number | undefined) => (id === undefined ? '' : `/${id}`);

export const adminPaths = {
  databases: (id?: number) => `admin/databases${opt(id)}`,
  archives: (db: number, id?: number) => `${dbBase(db)}/archives${opt(id)}`,
  archiveIndexRebuild: (db: number, id: number, docCount: number) =>
    `${dbBase(db)}/archives/${id}/indexrebuild?docCount=${docCount}`,
  archiveDxc: (db: number, id: number) => `${dbBase(db)}/archives/${id}/dxc`,
  /** one data-exchange source of the archive (GET/PUT/DELETE) */
  archiveDxcSource: (db: number, id: number, sourceId: number) =>
    `${dbBase(db)}/archives/${id}/dxc/${sourceId}`,
  /** PUT `{ConnectionString}` or `{UseInternal, InternalDatabase}` → AdminDxcTable[] (our design) */
  archiveDxcTables: (db: number, id: number) => `${dbBase(db)}/archives/${id}/dxc/DXTables`,
  archiveOptions: (db: number) => `${dbBase(db)}/options/archives`,
  fields: (db: number, id?: number) => `${dbBase(db)}/fields${opt(id)}`,
  tableFields: (db: number, id?: number) => `${dbBase(db)}/tablefields${opt(id)}`,
  lists: (db: number, id?: number) => `${dbBase(db)}/lists${opt(id)}`,
  searches: (db: number, id?: number) => `${dbBase(db)}/searches${opt(id)}`,
  dbNotifications: (db: number) => `${dbBase(db)}/notifications`,
  notifications: () => 'admin/notifications',
  inboxes: (id?: number) => `admin/inboxes${opt(id)}`,
  inboxOptions: () => 'admin/options/inboxes',
  stamps: (id?: number) => `admin/stamps${opt(id)}`,
  registration: () => 'admin/registration',
  licenseRules: () => 'admin/licenserules',
  /** GET one, PUT or DELETE a rule: the IID goes in the query */
  licenseRule: (iid: number) => `admin/licenserules?IID=${iid}`,
  registrationFeatures: () => 'admin/registration?features=true',
  defaultInstance: () => 'admin/instances/default',
  instances: () => 'admin/instances/list',
} as const;
