// FIELD_CATALOG / FIELDS: a card per field (name, data type, size and field ID, as the real
// catalogue lists them); a saved field's type or multi-value change asks first (admin-spec §5).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminField, AdminList } from '@gs/contract/admin/catalog';
import { adminFields } from '../../../api/adminCatalog';
import { ConfirmDialog } from '../../../components/Modal';
import { AdminCards } from '../AdminCards';
import { ConfirmDeleteModal } from '../ConfirmDeleteModal';
import { needsTypeConfirm, newField } from '../fieldRules';
import { useAdminAction } from '../useAdminAction';
import { byId, useEditor } from '../useEditor';
import { FieldEditor } from './FieldEditor';

export function FieldsTab({
  db,
  fields,
  lists,
  reload,
}: {
  db: number;
  fields: AdminField[];
  lists: AdminList[];
  reload: () => void;
}) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const editor = useEditor(fields, newField, byId);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState<AdminField | null>(null);
  const save = (field: AdminField) =>
    run(
      (http) => (field.Id === 0 ? adminFields.create(http, db, field) : adminFields.update(http, db, field)),
      reload,
    );
  const draft = editor.draft;
  if (draft)
    return (
      <>
        <FieldEditor
          field={draft}
          isNew={editor.isNew}
          fields={fields}
          lists={lists}
          onChange={editor.update}
          onCancel={editor.close}
          onSave={() => {
            if (needsTypeConfirm(editor.original ?? undefined, draft)) setConfirming(true);
            else void save(draft).then((ok) => ok && editor.close());
          }}
        />
        {confirming && (
          <ConfirmDialog
            title={t('admin.fields.typeChangeTitle')}
            message={t('admin.fields.typeChangeMessage', { name: draft.Name })}
            confirmLabel={t('admin.actions.save')}
            testId="admin-type-change"
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              void save(draft).then((ok) => ok && editor.close());
            }}
          />
        )}
      </>
    );
  return (
    <>
      <AdminCards
        createLabel={t('admin.fields.create')}
        onCreate={() => editor.open('new')}
        items={fields.map((f) => ({
          id: f.Id,
          name: f.Name,
          detail: t('admin.fields.summary', {
            type: t(`admin.fields.types.${f.Type}`),
            length: f.Length,
            id: f.Id,
          }),
        }))}
        onEdit={(id) => editor.open(id)}
        onRename={(id, Name) => {
          const found = fields.find((f) => f.Id === id);
          if (found) void save({ ...found, Name });
        }}
        onDelete={(id) => setDeleting(fields.find((f) => f.Id === id) ?? null)}
      />
      {deleting && (
        <ConfirmDeleteModal
          kind="field"
          name={deleting.Name}
          offerDrop
          onCancel={() => setDeleting(null)}
          onConfirm={(drop) => {
            const id = deleting.Id;
            setDeleting(null);
            void run((http) => adminFields.remove(http, db, id, drop), reload);
          }}
        />
      )}
    </>
  );
}
