// The side navigation of the console: one entry per mode the user may see; leaving a mode with
// unsaved changes asks first (admin-spec §2).
import { useState } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/Modal';
import { editingAtom, unsavedChangesAtom } from './adminAtoms';
import type { AdminMode } from './adminModes';

export interface AdminNavProps {
  modes: readonly AdminMode[];
  current: AdminMode;
  onSelect: (mode: AdminMode) => void;
}

export function AdminNav({ modes, current, onSelect }: AdminNavProps) {
  const { t } = useTranslation();
  const [unsaved, setUnsaved] = useAtom(unsavedChangesAtom);
  const setEditing = useSetAtom(editingAtom);
  const [pending, setPending] = useState<AdminMode | null>(null);
  const go = (mode: AdminMode) => {
    setUnsaved(false);
    setEditing(null);
    onSelect(mode);
  };
  return (
    <nav className="admin-nav" aria-label={t('admin.nav.label')}>
      <ul>
        {modes.map((mode) => (
          <li key={mode}>
            <button
              type="button"
              className={`admin-nav__item${mode === current ? ' admin-nav__item--current' : ''}`}
              aria-current={mode === current ? 'page' : undefined}
              data-testid={`admin-mode-${mode}`}
              onClick={() => {
                if (mode === current) return;
                if (unsaved) setPending(mode);
                else go(mode);
              }}
            >
              {t(`admin.modes.${mode}`)}
            </button>
          </li>
        ))}
      </ul>
      {pending && (
        <ConfirmDialog
          title={t('admin.unsaved.title')}
          message={t('admin.unsaved.message')}
          confirmLabel={t('admin.unsaved.leave')}
          testId="admin-unsaved"
          onCancel={() => setPending(null)}
          onConfirm={() => {
            const target = pending;
            setPending(null);
            go(target);
          }}
        />
      )}
    </nav>
  );
}
