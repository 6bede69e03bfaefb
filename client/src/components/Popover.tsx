// A floating panel below its trigger. It is portalled out of the trigger's place and positioned
// in the viewport, so a scrolling grid (whose rows are transformed) can neither clip nor shift it:
// into the main landmark that holds the trigger (a screen reader, and axe's `region` rule, expect
// a page's content inside a landmark, and a menu is not one), else into <body>. The main element
// is no containing block for fixed positions (no transform, filter or contain), so the panel
// lands where it would in <body>. Escape or a click outside the trigger and the panel closes it.
import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const PANEL_WIDTH = 260;

export function Popover({
  anchor,
  onClose,
  children,
  className,
  label,
  role = 'dialog',
}: {
  /** the element that opened the panel */
  anchor: HTMLElement;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  label: string;
  role?: 'dialog' | 'menu';
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (ref.current?.contains(target) || anchor.contains(target)) return;
      onClose();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [anchor, onClose]);
  const rect = anchor.getBoundingClientRect();
  const style = {
    position: 'fixed' as const,
    top: rect.bottom + 4,
    left: Math.max(8, Math.min(rect.left, window.innerWidth - PANEL_WIDTH - 8)),
  };
  return createPortal(
    <div ref={ref} className={`popover ${className ?? ''}`} role={role} aria-label={label} style={style}>
      {children}
    </div>,
    anchor.closest('main') ?? document.body,
  );
}
