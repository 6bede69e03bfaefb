// The index-archive-select modal (spec §2): the archive an inbox file is sent to. The file is then
// indexed in the indexing view; an archive without Add (2) is refused here.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Archive } from '@gs/contract/archives';
import { ArchivePermission, hasFlag } from '@gs/contract/flags';
import { ChoiceModal } from '../../components/Modal';
import { ArchiveTree } from '../view/ArchiveTree';

export function IndexArchiveSelectModal({
  db,
  onChoose,
  onCancel,
}: {
  db: number;
  onChoose: (archive: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Archive | null>(null);
  const allowed = chosen !== null && hasFlag(chosen.Permissions, ArchivePermission.Add);
  return (
    <ChoiceModal
      title={t('inbox.send.title')}
      onCancel={onCancel}
      testId="index-archive-select"
      confirmLabel={t('inbox.send.confirm')}
      canConfirm={allowed}
      onConfirm={() => chosen && onChoose(chosen.Id)}
    >
      <p>{t('inbox.send.lead')}</p>
      <ArchiveTree db={db} selected={chosen?.Id ?? null} onSelect={setChosen} />
      {chosen && !allowed && (
        <p className="field-error" role="alert">
          {t('inbox.send.noAdd', { name: chosen.Name })}
        </p>
      )}
    </ChoiceModal>
  );
}
