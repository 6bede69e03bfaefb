// The archive editor (card-edit mode): name, parent, fields, views, notifications, content
// search xor PDF conversion, revision control (admin-spec §3-5). The modals edit the parts.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminArchive, AdminField } from '@gs/contract/admin/catalog';
import { archiveError, parentChoices, setContentSearch, setConvertPdf } from '../archiveRules';
import { CheckInput, EditorFrame, SelectInput, TextInput } from '../AdminForm';
import { ArchiveFieldsModal } from './ArchiveFieldsModal';
import { ArchiveViewsModal } from './ArchiveViewsModal';
import { NotificationsModal } from './NotificationsModal';

export interface ArchiveEditorProps {
  archive: AdminArchive;
  isNew: boolean;
  archives: readonly AdminArchive[];
  fields: readonly AdminField[];
  onChange: (change: (archive: AdminArchive) => AdminArchive) => void;
  onSave: () => void;
  onCancel: () => void;
}

export function ArchiveEditor({
  archive,
  isNew,
  archives,
  fields,
  onChange,
  onSave,
  onCancel,
}: ArchiveEditorProps) {
  const { t } = useTranslation();
  const [modal, setModal] = useState<'fields' | 'views' | 'notifications' | null>(null);
  const error = archiveError(archive);
  const names = archive.Fields.map((id) => fields.find((f) => f.Id === id)?.Name).filter(Boolean);
  const inArchive = fields.filter((f) => archive.Fields.includes(f.Id));
  return (
    <EditorFrame
      title={isNew ? t('admin.archives.create') : archive.Name}
      error={error ? t(`admin.errors.${error}`) : null}
      onSave={onSave}
      onCancel={onCancel}
    >
      <TextInput
        label={t('admin.labels.name')}
        value={archive.Name}
        onChange={(Name) => onChange((a) => ({ ...a, Name }))}
      />
      <SelectInput
        label={t('admin.archives.parent')}
        value={archive.Parent}
        options={[
          { value: 0, label: t('admin.archives.root') },
          ...parentChoices(archive, archives).map(({ archive: a, depth }) => ({
            value: a.Id,
            label: `${'— '.repeat(depth)}${a.Name}`,
          })),
        ]}
        onChange={(Parent) => onChange((a) => ({ ...a, Parent }))}
      />
      <p data-testid="archive-field-names">
        {t('admin.archives.fieldsSummary', { n: names.length, names: names.join(', ') })}
      </p>
      <div className="admin-editor__buttons">
        <button type="button" className="button" onClick={() => setModal('fields')}>
          {t('admin.archives.editFields')}
        </button>
        <button type="button" className="button" onClick={() => setModal('views')}>
          {t('admin.archives.editViews')}
        </button>
        <button type="button" className="button" onClick={() => setModal('notifications')}>
          {t('admin.archives.editNotifications')}
        </button>
      </div>
      <CheckInput
        label={t('admin.archives.contentSearch')}
        checked={archive.ContentSearch}
        onChange={(on) => onChange((a) => setContentSearch(a, on))}
      />
      <CheckInput
        label={t('admin.archives.convertPdf')}
        checked={archive.ConvertPdf}
        onChange={(on) => onChange((a) => setConvertPdf(a, on))}
      />
      <CheckInput
        label={t('admin.archives.revisionControl')}
        checked={archive.RevisionControl === 1}
        onChange={(on) => onChange((a) => ({ ...a, RevisionControl: on ? 1 : 0 }))}
      />
      <CheckInput
        label={t('admin.archives.createBrowse')}
        checked={archive.CreateBrowse}
        onChange={(CreateBrowse) => onChange((a) => ({ ...a, CreateBrowse }))}
      />
      {modal === 'fields' && (
        <ArchiveFieldsModal
          fields={fields}
          selected={archive.Fields}
          onCancel={() => setModal(null)}
          onSave={(Fields) => {
            setModal(null);
            onChange((a) => ({ ...a, Fields }));
          }}
        />
      )}
      {modal === 'views' && (
        <ArchiveViewsModal
          view={archive.View}
          fields={inArchive}
          onCancel={() => setModal(null)}
          onSave={(View) => {
            setModal(null);
            onChange((a) => ({ ...a, View }));
          }}
        />
      )}
      {modal === 'notifications' && (
        <NotificationsModal
          value={archive.Notifications}
          onCancel={() => setModal(null)}
          onSave={(Notifications) => {
            setModal(null);
            onChange((a) => ({ ...a, Notifications }));
          }}
        />
      )}
    </EditorFrame>
  );
}
