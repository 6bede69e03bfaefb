// The stamps over the page (spec §3 "Stamp"). With a stamp chosen in the menu the page takes a
// click: the stamp's top left corner goes where the user clicked (Enter places it below the
// others, Escape or Cancel gives up); a hint over the page says so, without moving the page. A placed stamp is dragged to move it, or moved with the arrow keys when
// focused; the new position is saved when the drag ends. Positions are fractions of the page, so
// they hold at any zoom, and a stamp is kept whole on the page.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { pointOnPage, type PagePoint, type PlacedStamp } from './stamps';

const ARROW_STEP = 0.01;
const ARROWS: Record<string, PagePoint> = {
  ArrowLeft: { x: -ARROW_STEP, y: 0 },
  ArrowRight: { x: ARROW_STEP, y: 0 },
  ArrowUp: { x: 0, y: -ARROW_STEP },
  ArrowDown: { x: 0, y: ARROW_STEP },
};
/** pointer travel (px) below which a press on a stamp is a click, not a drag */
const DRAG_SLOP = 3;

interface Drag {
  id: string;
  pointer: number;
  startX: number;
  startY: number;
  /** where the stamp's corner sat against the pointer, in page fractions */
  offset: PagePoint;
  size: PagePoint;
  at: PagePoint;
  moved: boolean;
}

export function StampLayer(props: {
  stamps: PlacedStamp[];
  /** may place, move and remove (Modify Annotations, a licence that may edit) */
  canEdit: boolean;
  /** the text of the stamp waiting to be placed */
  armed: string | null;
  /** `at` null: placed from the keyboard, at the default spot */
  onPlace: (at: PagePoint | null) => void;
  onCancel: () => void;
  onMove: (id: string, at: PagePoint) => void;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation();
  const layer = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const rect = () => layer.current?.getBoundingClientRect() ?? new DOMRect();

  const sizeOf = (element: HTMLElement): PagePoint => {
    const page = rect();
    const own = element.getBoundingClientRect();
    return page.width > 0 && page.height > 0
      ? { x: own.width / page.width, y: own.height / page.height }
      : { x: 0, y: 0 };
  };

  const down = (stamp: PlacedStamp, event: PointerEvent<HTMLDivElement>) => {
    if (!props.canEdit || event.button !== 0 || (event.target as HTMLElement).closest('button')) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const pointer = pointOnPage(rect(), event.clientX, event.clientY);
    setDrag({
      id: stamp.id,
      pointer: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      offset: { x: pointer.x - stamp.x, y: pointer.y - stamp.y },
      size: sizeOf(event.currentTarget),
      at: { x: stamp.x, y: stamp.y },
      moved: false,
    });
  };

  const move = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const moved =
      drag.moved ||
      Math.abs(event.clientX - drag.startX) > DRAG_SLOP ||
      Math.abs(event.clientY - drag.startY) > DRAG_SLOP;
    const page = rect();
    const corner = pointOnPage(
      page,
      event.clientX - drag.offset.x * page.width,
      event.clientY - drag.offset.y * page.height,
      drag.size,
    );
    setDrag({ ...drag, at: corner, moved });
  };

  const up = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    setDrag(null);
    if (drag.moved) props.onMove(drag.id, drag.at);
  };

  const nudge = (stamp: PlacedStamp, event: KeyboardEvent<HTMLDivElement>) => {
    const step = ARROWS[event.key];
    if (!props.canEdit || !step || event.target !== event.currentTarget) return;
    event.preventDefault();
    const size = sizeOf(event.currentTarget);
    const clamp = (v: number, extent: number) => Math.min(Math.max(0, v), Math.max(0, 1 - extent));
    props.onMove(stamp.id, { x: clamp(stamp.x + step.x, size.x), y: clamp(stamp.y + step.y, size.y) });
  };

  return (
    <div className="viewer__stamps" ref={layer}>
      {props.armed !== null && (
        <button
          type="button"
          className="viewer__stamp-target"
          data-testid="stamp-target"
          aria-label={t('viewer.stampPlaceHere', { text: props.armed })}
          // a pointer click places at the pointer; Enter or Space (detail 0) at the default spot
          onClick={(event) =>
            props.onPlace(event.detail === 0 ? null : pointOnPage(rect(), event.clientX, event.clientY))
          }
          onKeyDown={(event) => event.key === 'Escape' && props.onCancel()}
          autoFocus
        />
      )}
      {props.armed !== null && (
        <p className="viewer__stamp-hint" role="status" data-testid="stamp-hint">
          {t('viewer.stampPlace', { text: props.armed })}
          <button type="button" className="button button--small" onClick={props.onCancel}>
            {t('viewer.stampCancel')}
          </button>
        </p>
      )}
      {props.stamps.map((s) => {
        const at = drag?.id === s.id ? drag.at : s;
        return (
          <div
            key={s.id}
            className={`viewer__stamp${props.canEdit ? ' viewer__stamp--movable' : ''}${drag?.id === s.id ? ' viewer__stamp--dragging' : ''}`}
            data-testid="viewer-stamp"
            data-stamp-id={s.id}
            style={{ left: `${at.x * 100}%`, top: `${at.y * 100}%`, color: s.color, borderColor: s.color }}
            tabIndex={props.canEdit ? 0 : undefined}
            aria-label={props.canEdit ? t('viewer.moveStamp', { text: s.text }) : undefined}
            onPointerDown={(event) => down(s, event)}
            onPointerMove={move}
            onPointerUp={up}
            onPointerCancel={() => setDrag(null)}
            onKeyDown={(event) => nudge(s, event)}
          >
            <span>{s.text}</span>
            {props.canEdit && (
              <button
                type="button"
                className="viewer__stamp-remove"
                aria-label={t('viewer.removeStamp', { text: s.text })}
                onClick={() => props.onRemove(s.id)}
              >
                ×
              </button>
            )}
          </div>
        );
      })}
    </div>
  );
}
