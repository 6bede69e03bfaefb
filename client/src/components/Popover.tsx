// A floating panel below its trigger. It is portalled out of the trigger's place and positioned
// in the viewport, so a scrolling grid (whose rows are transformed) can neither clip nor shift it:
// into the main landmark that holds the trigger (a screen reader, and axe's `region` rule, expect
// a page's content inside a landmark, and a menu is not one), else into <body>. The main element
// is no containing block for fixed positions (no transform, filter or contain), so the panel
// lands where it would in <body>. Escape or a click outside the trigger and the panel closes it.
// The keyboard (WAI-ARIA's menu button pattern): opening moves focus into the panel (a menu's first
// item, else the panel's first control, else the panel); in a menu the arrows, Home and End move
// among the items and Tab leaves it; Escape, Tab or choosing an item closes it and gives focus
// back to the trigger, unless what was chosen took focus elsewhere (a dialog it opened).
import {
  useEffect,
  useLayoutEffect,
  useRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';

const PANEL_WIDTH = 260;
const MENU_ITEM = ['menuitem', 'menuitemcheckbox', 'menuitemradio']
  .map((role) => `[role="${role}"]:not(:disabled)`)
  .join(', ');
// a panel's own controls (a thumbnail, a queue's settings): a selector, not tabbable (which Modal
// uses): it put about 2 KB of gzip on the results screen, over its 200 KB budget
const CONTROL = ['button', 'input', 'select', 'textarea']
  .map((tag) => `${tag}:not(:disabled)`)
  .concat('[href]', '[tabindex]:not([tabindex="-1"])')
  .join(', ');
const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowDown: (at, count) => (at + 1) % count,
  ArrowUp: (at, count) => (at <= 0 ? count : at) - 1,
  Home: () => 0,
  End: (_, count) => count - 1,
};

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
  // focus in on open; back to the trigger on close when it is still in the panel (the panel is
  // still in the document while a layout effect is cleaned up)
  useLayoutEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    (panel.querySelector<HTMLElement>(role === 'menu' ? MENU_ITEM : CONTROL) ?? panel).focus();
    return () => {
      if (panel.contains(document.activeElement) && anchor.isConnected) anchor.focus();
    };
  }, [anchor, role]);
  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (role !== 'menu') return;
    if (event.key === 'Tab') {
      event.preventDefault();
      onClose();
      return;
    }
    const move = MOVES[event.key];
    if (!move || !ref.current) return;
    event.preventDefault();
    const items = [...ref.current.querySelectorAll<HTMLElement>(MENU_ITEM)];
    if (items.length === 0) return;
    items[move(items.indexOf(document.activeElement as HTMLElement), items.length)]?.focus();
  };
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
    <div
      ref={ref}
      className={`popover ${className ?? ''}`}
      role={role}
      aria-label={label}
      style={style}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>,
    anchor.closest('main') ?? document.body,
  );
}
