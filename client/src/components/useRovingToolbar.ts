// Roving focus for a role="toolbar" (WAI-ARIA toolbar pattern): the toolbar is one tab stop, the
// control last used (the first one at first); Left/Right, Home/End move between its controls.
// The controls come from several components, so their tabindex is set here after each render.
import { useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

const CONTROLS = 'button:not([disabled]), a[href], select:not([disabled]), input:not([disabled])';

export function useRovingToolbar<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [current, setCurrent] = useState(0);

  const controls = () =>
    [...(ref.current?.querySelectorAll<HTMLElement>(CONTROLS) ?? [])].filter(
      // a control of a popover or a dialog opened from the toolbar is not one of its stops
      (node) =>
        node.closest('[role="toolbar"]') === ref.current && !node.closest('[role="dialog"], [role="menu"]'),
    );

  useLayoutEffect(() => {
    const all = controls();
    const stop = Math.min(current, all.length - 1);
    all.forEach((node, index) => node.setAttribute('tabindex', index === stop ? '0' : '-1'));
  });

  const onKeyDown = (event: KeyboardEvent<T>) => {
    const all = controls();
    const at = all.indexOf(event.target as HTMLElement);
    if (at < 0) return;
    if (
      (event.target as HTMLElement).matches('select, input') &&
      event.key !== 'Home' &&
      event.key !== 'End'
    ) {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    }
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: all.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + all.length) % all.length;
    setCurrent(index);
    all[index]?.focus();
  };

  const onFocus = (event: FocusEvent<T>) => {
    const at = controls().indexOf(event.target as HTMLElement);
    if (at >= 0) setCurrent(at);
  };

  return { ref, onKeyDown, onFocus };
}
