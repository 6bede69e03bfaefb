// The words of the shown page as boxes over its image (KeyFree). Boxes are placed in percent of
// the page, so they stay on their words at whatever size the image is drawn. A click picks one
// word; a drag picks every word the rectangle touches. Mouse presses do not take the focus, so the
// field being filled keeps it. From the keyboard the overlay is one tab stop: the arrow keys (and
// Home/End) move between the words in reading order, Enter or Space picks the focused one.
import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageWord } from '@gs/contract/dataExtraction';
import { wordsInRect, type PageRect } from './keyfreeFill';

interface Point {
  x: number;
  y: number;
}

/** a press that moves less than this (fraction of the page) is a click */
const CLICK_SLOP = 0.004;
const pct = (n: number): string => `${(n * 100).toFixed(4)}%`;

export function WordOverlay({
  words,
  onPick,
}: {
  words: readonly PageWord[];
  onPick: (picked: PageWord[]) => void;
}) {
  const { t } = useTranslation();
  const overlay = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ from: Point; to: Point } | null>(null);
  const [current, setCurrent] = useState(0);
  const stop = Math.min(current, words.length - 1);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? words.length - 1
          : step === undefined
            ? null
            : stop + step;
    if (next === null || words.length === 0) return;
    event.preventDefault();
    const index = Math.max(0, Math.min(words.length - 1, next));
    setCurrent(index);
    overlay.current?.querySelectorAll<HTMLElement>('.keyfree-word')[index]?.focus();
  };

  const pointOf = (event: MouseEvent): Point => {
    const box = overlay.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return { x: 0, y: 0 };
    return { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height };
  };
  const rectOf = (a: Point, b: Point): PageRect => ({
    left: Math.min(a.x, b.x),
    top: Math.min(a.y, b.y),
    right: Math.max(a.x, b.x),
    bottom: Math.max(a.y, b.y),
  });

  const finish = (event: MouseEvent) => {
    if (!drag) return;
    const to = pointOf(event);
    setDrag(null);
    const moved = Math.abs(to.x - drag.from.x) + Math.abs(to.y - drag.from.y) > CLICK_SLOP;
    const picked = moved
      ? wordsInRect(words, rectOf(drag.from, to))
      : wordsInRect(words, rectOf(drag.from, drag.from));
    if (picked.length) onPick(picked);
  };

  const band = drag ? rectOf(drag.from, drag.to) : null;
  return (
    <div
      ref={overlay}
      className="keyfree-overlay"
      data-testid="keyfree-overlay"
      role="group"
      aria-label={t('keyfree.words')}
      onMouseDown={(event) => {
        if (event.button !== 0) return;
        // keeps the focus in the field being filled, and the page from selecting text
        event.preventDefault();
        const from = pointOf(event);
        setDrag({ from, to: from });
      }}
      onMouseMove={(event) => {
        if (drag) setDrag({ from: drag.from, to: pointOf(event) });
      }}
      onMouseUp={finish}
      onMouseLeave={() => setDrag(null)}
      onKeyDown={onKeyDown}
    >
      {words.map((w, i) => (
        <button
          key={i}
          type="button"
          className="keyfree-word"
          aria-label={w.Value}
          title={w.Value}
          tabIndex={i === stop ? 0 : -1}
          onFocus={() => setCurrent(i)}
          style={{ left: pct(w.Left), top: pct(w.Top), width: pct(w.Width), height: pct(w.Height) }}
          onClick={(event) => {
            // mouse clicks were handled on release; this is Enter or Space
            if (event.detail === 0) onPick([w]);
          }}
        />
      ))}
      {band && (
        <div
          className="keyfree-band"
          style={{
            left: pct(band.left),
            top: pct(band.top),
            width: pct(band.right - band.left),
            height: pct(band.bottom - band.top),
          }}
        />
      )}
    </div>
  );
}
