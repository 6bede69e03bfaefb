// A modal dialog: a labelled role="dialog" over a backdrop, focus moved inside on open and given
// back on close, Escape and the close button cancel.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  testId?: string;
}

export function Modal({ title, onClose, children, footer, size = 'medium', testId }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = dialog.current?.querySelector<HTMLElement>(
      'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button[data-autofocus]',
    );
    (first ?? dialog.current)?.focus();
    return () => before?.focus();
  }, []);

  return (
    <div className="modal-backdrop">
      <div
        ref={dialog}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          }
        }}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
            ×
          </button>
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
