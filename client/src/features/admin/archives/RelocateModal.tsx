// Relocate archive (admin-spec §2): file an archive under another parent (or at the root).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminArchive } from '@gs/contract/admin/catalog';
import { ChoiceModal } from '../../../components/Modal';
import { parentChoices } from '../archiveRules';
import { SelectInput } from '../AdminForm';

export function RelocateModal({
  archive,
  archives,
  onSave,
  onCancel,
}: {
  archive: AdminArchive;
  archives: readonly AdminArchive[];
  onSave: (parent: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [parent, setParent] = useState(archive.Parent);
  return (
    <ChoiceModal
      title={t('admin.archives.relocateTitle', { name: archive.Name })}
      size="small"
      testId="admin-relocate"
      onCancel={onCancel}
      confirmLabel={t('admin.archives.relocate')}
      canConfirm={parent !== archive.Parent}
      onConfirm={() => onSave(parent)}
    >
      <SelectInput
        label={t('admin.archives.parent')}
        value={parent}
        options={[
          { value: 0, label: t('admin.archives.root') },
          ...parentChoices(archive, archives).map(({ archive: a, depth }) => ({
            value: a.Id,
            label: `${'— '.repeat(depth)}${a.Name}`,
          })),
        ]}
        onChange={setParent}
      />
    </ChoiceModal>
  );
}
