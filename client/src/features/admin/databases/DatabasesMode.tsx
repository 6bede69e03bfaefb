// DATABASES (admin-spec §1, §6; user administrators): a card per database with edit, rename,
// index rebuild and delete (optionally dropping its data); new databases for administrators of all.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDatabase } from '@gs/contract/admin/catalog';
import {
  createAdminDatabase,
  deleteAdminDatabase,
  getAdminDatabases,
  rebuildDatabaseIndexes,
  updateAdminDatabase,
} from '../../../api/adminCatalog';
import { useApiQuery } from '../../../api/useApiQuery';
import { stripDatabaseName } from '../adminRules';
import { AdminCards } from '../AdminCards';
import { ConfirmDeleteModal } from '../ConfirmDeleteModal';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { useAdminAction } from '../useAdminAction';
import { byId, useEditor } from '../useEditor';
import { DatabaseEditor } from './DatabaseEditor';
import { ExportPackageModal } from './ExportPackageModal';

const newDatabase = (): AdminDatabase => ({
  Id: 0,
  Name: '',
  Server: '',
  Auth: { Type: 'windows', User: '', Pass: '' },
});

function DatabaseList({
  databases,
  reload,
  canCreate,
  multiDatabase,
}: {
  databases: AdminDatabase[];
  reload: () => void;
  canCreate: boolean;
  multiDatabase: boolean;
}) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const editor = useEditor(databases, newDatabase, byId);
  const [deleting, setDeleting] = useState<AdminDatabase | null>(null);
  const [exporting, setExporting] = useState<AdminDatabase | null>(null);
  const draft = editor.draft;
  if (draft)
    return (
      <DatabaseEditor
        database={draft}
        isNew={editor.isNew}
        onChange={(d) => editor.update(() => d)}
        onCancel={editor.close}
        onSave={() =>
          void run(
            (http) => (editor.isNew ? createAdminDatabase(http, draft) : updateAdminDatabase(http, draft)),
            () => {
              editor.close();
              reload();
            },
          )
        }
      />
    );
  return (
    <>
      <AdminCards
        createLabel={canCreate ? t('admin.databases.create') : undefined}
        onCreate={canCreate ? () => editor.open('new') : undefined}
        createDisabled={multiDatabase ? undefined : t('admin.databases.notLicensed')}
        items={databases.map((d) => ({ id: d.Id, name: d.Name, detail: d.Server }))}
        onEdit={(id) => editor.open(id)}
        onRename={(id, name) => {
          const found = databases.find((d) => d.Id === id);
          const clean = stripDatabaseName(name);
          if (found && clean)
            void run((http) => updateAdminDatabase(http, { ...found, Name: clean }), reload);
        }}
        onDelete={canCreate ? (id) => setDeleting(databases.find((d) => d.Id === id) ?? null) : undefined}
        extra={(id) => (
          <>
            <button
              type="button"
              className="button"
              onClick={() => void run((http) => rebuildDatabaseIndexes(http, id))}
            >
              {t('admin.databases.rebuild')}
            </button>
            <button
              type="button"
              className="button"
              data-testid="admin-export"
              onClick={() => setExporting(databases.find((d) => d.Id === id) ?? null)}
            >
              {t('admin.databases.export')}
            </button>
          </>
        )}
      />
      {exporting && (
        <ExportPackageModal id={exporting.Id} name={exporting.Name} onClose={() => setExporting(null)} />
      )}
      {deleting && (
        <ConfirmDeleteModal
          kind="database"
          name={deleting.Name}
          offerDrop
          onCancel={() => setDeleting(null)}
          onConfirm={(drop) => {
            const id = deleting.Id;
            setDeleting(null);
            void run((http) => deleteAdminDatabase(http, id, drop), reload);
          }}
        />
      )}
    </>
  );
}

/** `multiDatabase`: the multi-database feature is licensed (admin-spec §6); without it no new database. */
export function DatabasesMode({ canCreate, multiDatabase }: { canCreate: boolean; multiDatabase: boolean }) {
  const [state, reload] = useApiQuery('admin:databases', getAdminDatabases);
  return (
    <QueryBoundary preset="admin" state={state} reload={reload}>
      {(databases) => (
        <DatabaseList
          databases={databases}
          reload={reload}
          canCreate={canCreate}
          multiDatabase={multiDatabase}
        />
      )}
    </QueryBoundary>
  );
}
