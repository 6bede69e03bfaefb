// Data-exchange sources and mapping (admin-spec §2, §3): the external tables an archive looks
// values up in, each with its connection string (or an internal database) and which archive
// field maps to which column. Saved source by source: POST a new one, PUT or DELETE one by id.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminField } from '@gs/contract/admin/catalog';
import type { AdminDxcSource } from '@gs/contract/admin/server';
import { getArchiveDxc, saveArchiveDxc } from '../../../api/adminCatalog';
import { useApiQuery } from '../../../api/useApiQuery';
import { ChoiceModal } from '../../../components/Modal';
import { CheckInput, SelectInput, TextInput } from '../AdminForm';
import { useAdminAction } from '../useAdminAction';

const newSource = (): AdminDxcSource => ({
  Id: 0,
  Name: '',
  ConnectionString: '',
  UseInternal: false,
  InternalDatabase: 0,
  Mapping: [],
});

/** Every source needs a name and a connection (a string, or the internal database). */
export const dxcComplete = (sources: readonly AdminDxcSource[]): boolean =>
  sources.every(
    (s) =>
      s.Name.trim() !== '' && (s.UseInternal ? s.InternalDatabase > 0 : s.ConnectionString.trim() !== ''),
  );

function SourceForm({
  source,
  fields,
  onChange,
  onRemove,
}: {
  source: AdminDxcSource;
  fields: readonly AdminField[];
  onChange: (s: AdminDxcSource) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const setRow = (i: number, patch: Partial<AdminDxcSource['Mapping'][number]>) =>
    onChange({ ...source, Mapping: source.Mapping.map((m, j) => (j === i ? { ...m, ...patch } : m)) });
  return (
    <fieldset className="admin-fieldset" data-testid="dxc-source">
      <TextInput
        label={t('admin.labels.name')}
        value={source.Name}
        onChange={(Name) => onChange({ ...source, Name })}
      />
      <CheckInput
        label={t('admin.dxc.useInternal')}
        checked={source.UseInternal}
        onChange={(UseInternal) => onChange({ ...source, UseInternal })}
      />
      {source.UseInternal ? (
        <TextInput
          label={t('admin.dxc.internalDatabase')}
          value={source.InternalDatabase ? String(source.InternalDatabase) : ''}
          onChange={(v) => onChange({ ...source, InternalDatabase: /^\d+$/.test(v) ? Number(v) : 0 })}
        />
      ) : (
        <TextInput
          label={t('admin.dxc.connectionString')}
          value={source.ConnectionString}
          onChange={(ConnectionString) => onChange({ ...source, ConnectionString })}
        />
      )}
      <ol className="admin-rows">
        {source.Mapping.map((m, i) => (
          <li key={i} className="admin-row">
            <SelectInput
              label={t('admin.dxc.archiveField')}
              value={m.ArchiveField}
              options={[
                { value: 0, label: t('admin.labels.none') },
                ...fields.map((f) => ({ value: f.Id, label: f.Name })),
              ]}
              onChange={(ArchiveField) => setRow(i, { ArchiveField })}
            />
            <TextInput
              label={t('admin.dxc.mappedField')}
              value={m.MappedField}
              onChange={(MappedField) => setRow(i, { MappedField })}
            />
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button"
        onClick={() =>
          onChange({ ...source, Mapping: [...source.Mapping, { ArchiveField: 0, MappedField: '' }] })
        }
      >
        {t('admin.dxc.addMapping')}
      </button>
      <button type="button" className="button button--danger" onClick={onRemove}>
        {t('admin.dxc.removeSource')}
      </button>
    </fieldset>
  );
}

function DxcForm({
  db,
  archiveId,
  saved,
  fields,
  onClose,
}: {
  db: number;
  archiveId: number;
  saved: AdminDxcSource[];
  fields: readonly AdminField[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const [sources, setSources] = useState(saved);
  return (
    <ChoiceModal
      title={t('admin.dxc.title')}
      size="large"
      testId="admin-dxc"
      onCancel={onClose}
      confirmLabel={t('admin.actions.save')}
      canConfirm={dxcComplete(sources)}
      onConfirm={() => void run((http) => saveArchiveDxc(http, db, archiveId, saved, sources), onClose)}
    >
      {sources.map((s, i) => (
        <SourceForm
          key={i}
          source={s}
          fields={fields}
          onChange={(next) => setSources((all) => all.map((x, j) => (j === i ? next : x)))}
          onRemove={() => setSources((all) => all.filter((_, j) => j !== i))}
        />
      ))}
      <button type="button" className="button" onClick={() => setSources((all) => [...all, newSource()])}>
        {t('admin.dxc.addSource')}
      </button>
    </ChoiceModal>
  );
}

export function DxcModal({
  db,
  archiveId,
  fields,
  onClose,
}: {
  db: number;
  archiveId: number;
  fields: readonly AdminField[];
  onClose: () => void;
}) {
  const [state] = useApiQuery(`admin:dxc-${db}-${archiveId}`, (http) => getArchiveDxc(http, db, archiveId));
  if (state.status === 'loading') return null;
  // a source list that cannot be read starts empty; the save reports the server's Message
  const saved = state.status === 'success' ? state.data : [];
  return <DxcForm db={db} archiveId={archiveId} saved={saved} fields={fields} onClose={onClose} />;
}
