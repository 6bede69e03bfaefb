// Dialogs for screens that show one only when asked (decision 079): the dialog's code (for
// components/Modal, with tabbable) loads the first time it opens, from the same server and cached;
// nothing shows for those few milliseconds, as with the lazily loaded dialogs of decision 074. The
// focus is still on the control that opened it when the dialog mounts, so it returns there.
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import type { ConfirmDialog, ModalProps } from './Modal';

/** A component that loads `load`'s component when first rendered, showing nothing meanwhile. */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
): (props: P) => ReactElement {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

export const LazyModal = lazyDialog<ModalProps>(() => import('./Modal').then((m) => m.Modal));
export const LazyConfirmDialog = lazyDialog<Parameters<typeof ConfirmDialog>[0]>(() =>
  import('./Modal').then((m) => m.ConfirmDialog),
);
