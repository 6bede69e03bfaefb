// Mounts the Settings dialog when the header asks for it; its code loads only then.
import { lazy, Suspense } from 'react';
import { useAtom } from 'jotai';
import { settingsDialogOpenAtom } from '../../state/settingsDialog';

const SettingsDialog = lazy(() => import('./SettingsDialog').then((m) => ({ default: m.SettingsDialog })));

export function SettingsDialogHost() {
  const [open, setOpen] = useAtom(settingsDialogOpenAtom);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SettingsDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
