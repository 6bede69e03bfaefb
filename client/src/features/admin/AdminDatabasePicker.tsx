// The database the database-scoped modes work in: from ?db=, else the remembered one, else the
// first the user administers; the choice goes into the address and is remembered (admin-spec §9).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDatabase } from '@gs/contract/admin/catalog';
import { getAdminDatabases } from '../../api/adminCatalog';
import { getDatabases } from '../../api/databases';
import type { Http } from '../../api/http';
import { useApiQuery } from '../../api/useApiQuery';
import { QueryFailure } from '../../components/QueryBoundary';
import { readStoredDatabase, SELECTED_DATABASE_KEY } from '../../state/database';
import { writeLocal } from '../../lib/storage';

export interface AdminDatabasePickerProps {
  db: number | null;
  onChange: (db: number) => void;
}

/**
 * The databases the user administers; when the server keeps `admin/databases` to administrators
 * of all, the databases they may open stand in (the database routes then refuse the others).
 */
async function loadDatabases(http: Http): Promise<Pick<AdminDatabase, 'Id' | 'Name'>[]> {
  try {
    return await getAdminDatabases(http);
  } catch {
    return getDatabases(http);
  }
}

function pick(db: number | null, databases: readonly Pick<AdminDatabase, 'Id'>[]): number | null {
  const ids = databases.map((d) => d.Id);
  if (db !== null && ids.includes(db)) return db;
  const stored = readStoredDatabase();
  if (stored !== null && ids.includes(stored)) return stored;
  return ids[0] ?? null;
}

export function AdminDatabasePicker({ db, onChange }: AdminDatabasePickerProps) {
  const { t } = useTranslation();
  const [state] = useApiQuery('admin:databases-picker', loadDatabases);
  const databases = state.status === 'success' ? state.data : [];
  const chosen = pick(db, databases);
  useEffect(() => {
    if (chosen !== null && chosen !== db) onChange(chosen);
  }, [chosen, db, onChange]);
  return (
    <QueryFailure state={state} error={t('admin.databases.loadFailed')} failureAs="line" className="">
      <label className="field admin-db-picker">
        <span>{t('admin.databases.current')}</span>
        <select
          value={chosen ?? ''}
          onChange={(e) => {
            const id = Number(e.target.value);
            writeLocal(SELECTED_DATABASE_KEY, String(id));
            onChange(id);
          }}
        >
          {databases.map((d) => (
            <option key={d.Id} value={d.Id}>
              {d.Name}
            </option>
          ))}
        </select>
      </label>
    </QueryFailure>
  );
}
