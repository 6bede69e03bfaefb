// Mounts the Settings dialog when the header asks for it; its code and texts (the settings part,
// decision 079) load only then.
import { lazy, Suspense } from 'react';
import { useAtom } from 'jotai';
import { WithTexts } from '../../app/WithTexts';
import { settingsDialogOpenAtom } from '../../state/settingsDialog';

const SettingsDialog = lazy(() => import('./SettingsDialog').then((m) => ({ default: m.SettingsDialog })));

export function SettingsDialogHost() {
  const [open, setOpen] = useAtom(settingsDialogOpenAtom);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <WithTexts part="settings">
        <SettingsDialog onClose={() => setOpen(false)} />
      </WithTexts>
    </Suspense>
  );
}
