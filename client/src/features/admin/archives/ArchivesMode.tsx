// ARCHIVES (admin-spec §1-5): a card per archive in tree order with edit, rename, relocate,
// index rebuild (1000 documents) and delete (Drop for one holding documents); the ShowAll option.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminArchive, AdminField } from '@gs/contract/admin/catalog';
import {
  adminFields,
  createAdminArchive,
  deleteAdminArchive,
  getAdminArchives,
  getArchiveOptions,
  putArchiveOptions,
  rebuildArchiveIndex,
  updateAdminArchive,
} from '../../../api/adminCatalog';
import type { Http } from '../../../api/http';
import { useApiQuery } from '../../../api/useApiQuery';
import { archiveTree, newArchive } from '../archiveRules';
import { AdminCards } from '../AdminCards';
import { ConfirmDeleteModal } from '../ConfirmDeleteModal';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { ShowAllOption } from '../server/ShowAllOption';
import { useAdminAction } from '../useAdminAction';
import { byId, useEditor } from '../useEditor';
import { ArchiveEditor } from './ArchiveEditor';
import { DxcModal } from './DxcModal';
import { LogHistoryModal } from './LogHistoryModal';
import { RelocateModal } from './RelocateModal';

interface Catalog {
  archives: AdminArchive[];
  fields: AdminField[];
}

const loadCatalog = async (http: Http, db: number): Promise<Catalog> => {
  const [archives, fields] = await Promise.all([getAdminArchives(http, db), adminFields.list(http, db)]);
  return { archives, fields };
};

function ArchiveList({ db, catalog, reload }: { db: number; catalog: Catalog; reload: () => void }) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const { archives, fields } = catalog;
  const [parent, setParent] = useState(0);
  const editor = useEditor(archives, () => newArchive(parent), byId);
  const [deleting, setDeleting] = useState<AdminArchive | null>(null);
  const [relocating, setRelocating] = useState<AdminArchive | null>(null);
  const [exchanging, setExchanging] = useState<AdminArchive | null>(null);
  const [logOf, setLogOf] = useState<AdminArchive | null>(null);
  const find = (id: number) => archives.find((a) => a.Id === id) ?? null;
  const save = (archive: AdminArchive) =>
    run(
      (http) =>
        archive.Id === 0 ? createAdminArchive(http, db, archive) : updateAdminArchive(http, db, archive),
      reload,
    );
  const draft = editor.draft;
  if (draft)
    return (
      <ArchiveEditor
        archive={draft}
        isNew={editor.isNew}
        archives={archives}
        fields={fields}
        onChange={editor.update}
        onCancel={editor.close}
        onSave={() => void save(draft).then((ok) => ok && editor.close())}
      />
    );
  return (
    <>
      <ShowAllOption
        queryKey={`admin:archive-options-${db}`}
        load={(http) => getArchiveOptions(http, db)}
        save={(http, o) => putArchiveOptions(http, db, o)}
      />
      <AdminCards
        createLabel={t('admin.archives.create')}
        onCreate={() => (setParent(0), editor.open('new'))}
        items={archiveTree(archives).map(({ archive, depth }) => ({
          id: archive.Id,
          name: archive.Name,
          depth,
          detail: t('admin.archives.fieldCount', { n: archive.Fields.length }),
        }))}
        onEdit={(id) => editor.open(id)}
        onRename={(id, Name) => {
          const found = find(id);
          if (found) void save({ ...found, Name });
        }}
        onDelete={(id) => setDeleting(find(id))}
        extra={(id) => (
          <>
            <button type="button" className="button" onClick={() => (setParent(id), editor.open('new'))}>
              {t('admin.archives.addSub')}
            </button>
            <button type="button" className="button" onClick={() => setExchanging(find(id))}>
              {t('admin.dxc.open')}
            </button>
            <button type="button" className="button" onClick={() => setRelocating(find(id))}>
              {t('admin.archives.relocate')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => void run((http) => rebuildArchiveIndex(http, db, id))}
            >
              {t('admin.archives.rebuild')}
            </button>
            <button type="button" className="button" onClick={() => setLogOf(find(id))}>
              {t('admin.archives.history')}
            </button>
          </>
        )}
      />
      {exchanging && (
        <DxcModal
          db={db}
          archiveId={exchanging.Id}
          fields={fields.filter((f) => exchanging.Fields.includes(f.Id))}
          onClose={() => setExchanging(null)}
        />
      )}
      {logOf && (
        <LogHistoryModal db={db} archive={logOf.Id} name={logOf.Name} onClose={() => setLogOf(null)} />
      )}
      {relocating && (
        <RelocateModal
          archive={relocating}
          archives={archives}
          onCancel={() => setRelocating(null)}
          onSave={(Parent) => {
            const moved = { ...relocating, Parent };
            setRelocating(null);
            void save(moved);
          }}
        />
      )}
      {deleting && (
        <ConfirmDeleteModal
          kind="archive"
          name={deleting.Name}
          offerDrop
          onCancel={() => setDeleting(null)}
          onConfirm={(drop) => {
            const id = deleting.Id;
            setDeleting(null);
            void run((http) => deleteAdminArchive(http, db, id, drop), reload);
          }}
        />
      )}
    </>
  );
}

export function ArchivesMode({ db }: { db: number }) {
  const [state, reload] = useApiQuery(`admin:archives-${db}`, (http) => loadCatalog(http, db));
  return (
    <QueryBoundary preset="admin" state={state} reload={reload}>
      {(catalog) => <ArchiveList db={db} catalog={catalog} reload={reload} />}
    </QueryBoundary>
  );
}
