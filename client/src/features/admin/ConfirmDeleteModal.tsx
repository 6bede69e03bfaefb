// Confirm delete (admin-spec §5): the user types DELETE and the item's name in upper case (for
// a search, only its name) before Delete is enabled. An item that holds data may offer Drop.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceModal } from '../../components/Modal';
import { confirmDeletePhrase, isDeleteConfirmed, type DeleteKind } from './adminRules';

export interface ConfirmDeleteProps {
  kind: DeleteKind;
  name: string;
  /** offer "also drop the data it holds" (databases, archives) */
  offerDrop?: boolean;
  onConfirm: (drop: boolean) => void;
  onCancel: () => void;
}

export function ConfirmDeleteModal({
  kind,
  name,
  offerDrop = false,
  onConfirm,
  onCancel,
}: ConfirmDeleteProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [drop, setDrop] = useState(false);
  const confirmed = isDeleteConfirmed(kind, name, typed);
  return (
    <ChoiceModal
      title={t('admin.delete.title', { name })}
      size="small"
      testId="admin-confirm-delete"
      onCancel={onCancel}
      confirmLabel={t('admin.delete.confirm')}
      confirmTestId="admin-confirm-delete-ok"
      canConfirm={confirmed}
      onConfirm={() => confirmed && onConfirm(drop)}
    >
      <p>{t('admin.delete.instructions', { phrase: confirmDeletePhrase(kind, name) })}</p>
      <label className="field">
        <span>{t('admin.delete.typeLabel')}</span>
        <input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
      </label>
      {offerDrop && (
        <label className="checkbox">
          <input type="checkbox" checked={drop} onChange={(e) => setDrop(e.target.checked)} />
          {t('admin.delete.drop')}
        </label>
      )}
    </ChoiceModal>
  );
}
