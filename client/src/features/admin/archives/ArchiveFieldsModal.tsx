// Edit fields (admin-spec §2, §5): which catalogue fields the archive holds, in order. At least
// one field is needed; a dynamic list losing the field it depends on raises the dependency alert.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminField } from '@gs/contract/admin/catalog';
import { ChoiceModal } from '../../../components/Modal';
import { complete } from '../adminRules';
import { missingListDependencies } from '../fieldRules';

export interface ArchiveFieldsModalProps {
  fields: readonly AdminField[];
  selected: readonly number[];
  onSave: (ids: number[]) => void;
  onCancel: () => void;
}

export function ArchiveFieldsModal({ fields, selected, onSave, onCancel }: ArchiveFieldsModalProps) {
  const { t } = useTranslation();
  const [ids, setIds] = useState<number[]>([...selected]);
  const [filter, setFilter] = useState('');
  // text completion: at most 100 matching fields are listed (admin-spec §5)
  const shown = new Set(
    complete(
      fields.map((f) => f.Name),
      filter,
    ),
  );
  const broken = missingListDependencies(ids, fields);
  const toggle = (id: number, on: boolean) =>
    setIds((now) => (on ? [...now, id] : now.filter((x) => x !== id)));
  return (
    <ChoiceModal
      title={t('admin.archives.editFields')}
      testId="admin-archive-fields"
      onCancel={onCancel}
      confirmLabel={t('common.ok')}
      canConfirm={ids.length > 0}
      onConfirm={() => onSave(ids)}
    >
      <label className="field">
        <span>{t('admin.archives.filterFields')}</span>
        <input value={filter} onChange={(e) => setFilter(e.target.value)} />
      </label>
      <ul className="admin-checklist">
        {fields
          .filter((f) => shown.has(f.Name))
          .map((f) => (
            <li key={f.Id}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={ids.includes(f.Id)}
                  onChange={(e) => toggle(f.Id, e.target.checked)}
                />
                {f.Name} <span className="admin-hint">({t(`admin.fields.types.${f.Type}`)})</span>
              </label>
            </li>
          ))}
      </ul>
      {ids.length === 0 && <p className="field__error">{t('admin.errors.fieldsRequired')}</p>}
      {broken.map(({ field, missing }) => (
        <p key={field.Id} role="alert" className="admin-warning">
          {t('admin.archives.dependency', {
            field: field.Name,
            missing: missing.map((m) => m.Name).join(', '),
          })}
        </p>
      ))}
    </ChoiceModal>
  );
}
