// Edit views (admin-spec §2, §3, §5): view tabs picked by a status field's value, each with a
// label (required, unique within the archive), the value and a colour.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminArchiveView, AdminField } from '@gs/contract/admin/catalog';
import { ChoiceModal } from '../../../components/Modal';
import { viewLabelErrors, viewsValid } from '../archiveRules';
import { CheckInput, SelectInput } from '../AdminForm';

export interface ArchiveViewsModalProps {
  view: AdminArchiveView;
  fields: readonly AdminField[];
  onSave: (view: AdminArchiveView) => void;
  onCancel: () => void;
}

export function ArchiveViewsModal({ view, fields, onSave, onCancel }: ArchiveViewsModalProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AdminArchiveView>(view);
  const errors = viewLabelErrors(draft);
  const setValue = (index: number, patch: Partial<AdminArchiveView['Values'][number]>) =>
    setDraft((d) => ({ ...d, Values: d.Values.map((v, i) => (i === index ? { ...v, ...patch } : v)) }));
  return (
    <ChoiceModal
      title={t('admin.archives.editViews')}
      size="large"
      testId="admin-archive-views"
      onCancel={onCancel}
      confirmLabel={t('common.ok')}
      canConfirm={viewsValid(draft)}
      onConfirm={() => onSave(draft)}
    >
      <CheckInput
        label={t('admin.views.enabled')}
        checked={draft.Enabled}
        onChange={(Enabled) => setDraft({ ...draft, Enabled })}
      />
      <SelectInput
        label={t('admin.views.statusField')}
        value={draft.StatusField}
        options={[
          { value: 0, label: t('admin.labels.none') },
          ...fields.map((f) => ({ value: f.Id, label: f.Name })),
        ]}
        onChange={(StatusField) => setDraft({ ...draft, StatusField })}
      />
      <ol className="admin-rows">
        {draft.Values.map((v, i) => (
          <li key={i} className="admin-row">
            <label className="field">
              <span>{t('admin.views.label')}</span>
              <input
                value={v.Label}
                aria-invalid={errors[i] ? true : undefined}
                onChange={(e) => setValue(i, { Label: e.target.value })}
              />
              {errors[i] && <span className="field__error">{t(`admin.views.errors.${errors[i]}`)}</span>}
            </label>
            <label className="field">
              <span>{t('admin.views.value')}</span>
              <input value={v.Value} onChange={(e) => setValue(i, { Value: e.target.value })} />
            </label>
            <label className="field">
              <span>{t('admin.views.color')}</span>
              <input
                type="color"
                value={v.Color || '#1f6fb2'}
                onChange={(e) => setValue(i, { Color: e.target.value })}
              />
            </label>
            <button
              type="button"
              className="button"
              aria-label={t('admin.views.remove', { label: v.Label })}
              onClick={() => setDraft((d) => ({ ...d, Values: d.Values.filter((_, j) => j !== i) }))}
            >
              −
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button"
        onClick={() =>
          setDraft((d) => ({ ...d, Values: [...d.Values, { Label: '', Value: '', Color: '#1f6fb2' }] }))
        }
      >
        {t('admin.views.add')}
      </button>
    </ChoiceModal>
  );
}
