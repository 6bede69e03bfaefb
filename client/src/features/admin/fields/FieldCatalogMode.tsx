// FIELD_CATALOG (admin-spec §1): tabs FIELDS, TABLE_FIELDS and LISTS over one database's catalogue.
import { useTranslation } from 'react-i18next';
import type { AdminField, AdminList, AdminTableField } from '@gs/contract/admin/catalog';
import { adminFields, adminLists, adminTableFields } from '../../../api/adminCatalog';
import type { Http } from '../../../api/http';
import { useApiQuery } from '../../../api/useApiQuery';
import { CATALOG_TABS, resolveTab } from '../adminModes';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { FieldsTab } from './FieldsTab';
import { ListsTab } from './ListsTab';
import { TableFieldsTab } from './TableFieldsTab';

interface FieldCatalog {
  fields: AdminField[];
  tables: AdminTableField[];
  lists: AdminList[];
}

const loadCatalog = async (http: Http, db: number): Promise<FieldCatalog> => {
  const [fields, tables, lists] = await Promise.all([
    adminFields.list(http, db),
    adminTableFields.list(http, db),
    adminLists.list(http, db),
  ]);
  return { fields, tables, lists };
};

export function FieldCatalogMode({
  db,
  tab,
  onTab,
}: {
  db: number;
  tab: string | null;
  onTab: (tab: string) => void;
}) {
  const { t } = useTranslation();
  const current = resolveTab(tab);
  const [state, reload] = useApiQuery(`admin:field-catalog-${db}`, (http) => loadCatalog(http, db));
  return (
    <>
      <div role="tablist" className="admin-tabs">
        {CATALOG_TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={name === current}
            className="admin-tab"
            onClick={() => onTab(name)}
          >
            {t(`admin.tabs.${name}`)}
          </button>
        ))}
      </div>
      <QueryBoundary preset="admin" state={state} reload={reload}>
        {(catalog) =>
          current === 'FIELDS' ? (
            <FieldsTab db={db} fields={catalog.fields} lists={catalog.lists} reload={reload} />
          ) : current === 'TABLE_FIELDS' ? (
            <TableFieldsTab db={db} tables={catalog.tables} fields={catalog.fields} reload={reload} />
          ) : (
            <ListsTab db={db} lists={catalog.lists} reload={reload} />
          )
        }
      </QueryBoundary>
    </>
  );
}
