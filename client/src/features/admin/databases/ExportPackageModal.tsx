// The acronym modal of the package export (admin-spec §2, §7): the acronym names the package's
// templates; Export has the browser download FullAdminDatabaseExport?DatabaseID=&Acronym=.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { packageExportUrl } from '../../../api/adminPackages';
import { ChoiceModal } from '../../../components/Modal';
import { httpAtom } from '../../../state/environment';
import { sessionAtom } from '../../../state/session';
import { isAcronym } from '../import/importWizardRules';

export function ExportPackageModal({ id, name, onClose }: { id: number; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const token = useAtomValue(sessionAtom)?.token ?? null;
  const [acronym, setAcronym] = useState('');
  const valid = isAcronym(acronym);
  const download = () => {
    if (!valid) return;
    const link = document.createElement('a');
    link.href = packageExportUrl(http, token, id, acronym);
    link.download = `${acronym}.gs`;
    document.body.append(link);
    link.click();
    link.remove();
    onClose();
  };
  return (
    <ChoiceModal
      title={t('admin.databases.exportTitle', { name })}
      size="small"
      testId="admin-export-package"
      onCancel={onClose}
      confirmLabel={t('admin.databases.export')}
      confirmTestId="admin-export-package-ok"
      canConfirm={valid}
      onConfirm={download}
    >
      <label className="field">
        <span>{t('admin.databases.acronym')}</span>
        <input
          value={acronym}
          maxLength={16}
          data-testid="admin-export-acronym"
          onChange={(e) => setAcronym(e.target.value.replace(/[^A-Za-z0-9_-]/g, ''))}
        />
      </label>
      <p>{t('admin.databases.acronymHelp')}</p>
    </ChoiceModal>
  );
}
