// A modal dialog: a labelled role="dialog" over a backdrop. Every dialog of the client is this one
// component (decision 052): on open the focus goes to the first field (or the button marked
// data-autofocus), also when the fields arrive later or a step replaced the focused control; Tab and Shift+Tab cycle
// inside it; Escape closes the topmost dialog wherever the focus is; on close the focus returns to
// the element that opened it.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { tabbable } from 'tabbable';

export interface ModalProps {
  title: string;
  /** absent: the dialog cannot be dismissed (no close button, Escape does nothing) */
  onClose?: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  testId?: string;
  busy?: boolean;
}

const FIRST_FIELD =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button[data-autofocus]';

/** The open dialogs, innermost last: only the last one answers Tab and Escape. */
const openDialogs: HTMLElement[] = [];

/** Popovers are portalled out of their trigger's place; the focus may sit in one opened from a dialog. */
const inPopover = (node: Element | null) => Boolean(node?.closest('.popover'));

function focusFirstField(dialog: HTMLElement): boolean {
  const first = dialog.querySelector<HTMLElement>(FIRST_FIELD);
  if (!first) return false;
  first.focus();
  return true;
}

function trapTab(dialog: HTMLElement, event: KeyboardEvent) {
  const active = document.activeElement;
  if (inPopover(active)) return;
  const stops = tabbable(dialog, { displayCheck: 'legacy-full' });
  if (stops.length === 0) {
    event.preventDefault();
    dialog.focus();
    return;
  }
  const first = stops[0]!;
  const last = stops[stops.length - 1]!;
  const inside = active instanceof Node && dialog.contains(active);
  if (!inside || active === dialog) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  } else if (event.shiftKey && active === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

export function Modal({ title, onClose, children, footer, size = 'medium', testId, busy }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  // the opener, read while the dialog renders for the first time (before anything moves the focus)
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    openDialogs.push(node);
    if (!focusFirstField(node)) node.focus();
    // the focus must not be left on nothing: fields that arrive later (a search's prompts wait for
    // the archive's fields) or a step that replaces the focused button take it back to the first field
    const watcher = new MutationObserver(() => {
      const active = document.activeElement;
      if (active === node || active === document.body || active === null) focusFirstField(node);
    });
    watcher.observe(node, { childList: true, subtree: true });
    const onKey = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== node) return;
      if (event.key === 'Tab') trapTab(node, event);
      else if (
        event.key === 'Escape' &&
        close.current &&
        !event.defaultPrevented &&
        !inPopover(document.activeElement)
      ) {
        event.preventDefault();
        close.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      watcher.disconnect();
      document.removeEventListener('keydown', onKey);
      openDialogs.splice(openDialogs.indexOf(node), 1);
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);

  return (
    <div className="modal-backdrop">
      <div
        ref={dialog}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={busy || undefined}
        tabIndex={-1}
        data-testid={testId}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {onClose && (
            <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
              ×
            </button>
          )}
        </div>
        <div className="modal__body">{children}</div>
        {footer && <div className="modal__footer">{footer}</div>}
      </div>
    </div>
  );
}

export interface ChoiceModalProps extends Omit<ModalProps, 'onClose' | 'footer'> {
  onCancel: () => void;
  confirmLabel: string;
  onConfirm: () => void;
  /** false keeps the confirm button off until the choice is complete */
  canConfirm?: boolean;
  confirmTestId?: string;
  /** moves the focus to the confirm button on open (a dialog without fields) */
  focusConfirm?: boolean;
}

/** A modal whose footer is Cancel and one primary confirm button. */
export function ChoiceModal({
  onCancel,
  confirmLabel,
  onConfirm,
  canConfirm = true,
  confirmTestId,
  focusConfirm = false,
  ...modal
}: ChoiceModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      {...modal}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!canConfirm}
            data-autofocus={focusConfirm || undefined}
            onClick={onConfirm}
            data-testid={confirmTestId}
          >
            {confirmLabel}
          </button>
        </>
      }
    />
  );
}

export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  testId,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}) {
  return (
    <ChoiceModal
      title={title}
      onCancel={onCancel}
      size="small"
      testId={testId}
      confirmLabel={confirmLabel}
      onConfirm={onConfirm}
      focusConfirm
    >
      <p>{message}</p>
    </ChoiceModal>
  );
}
