import { describe, expect, it } from 'vitest';
import {
  initialViewerState,
  nextZoom,
  shownScale,
  viewerReducer,
  type ViewerEvent,
  type ViewerState,
} from './viewerState';

const run = (...events: ViewerEvent[]): ViewerState => events.reduce(viewerReducer, initialViewerState);

describe('the viewer reducer', () => {
  // [page asked for, page count, page shown]
  const pages: [number, number, number][] = [
    [2, 3, 2],
    [0, 3, 1],
    [-4, 3, 1],
    [9, 3, 3],
    [2, 0, 1],
  ];
  it.each(pages)('page %i of %i shows page %i', (page, pageCount, shown) => {
    expect(run({ type: 'pageChosen', page, pageCount }).page).toBe(shown);
  });

  // [current scale, direction, next scale]
  const zooms: [number, 1 | -1, number][] = [
    [1, 1, 1.25],
    [1, -1, 0.75],
    [0.62, 1, 0.75],
    [0.62, -1, 0.5],
    [4, 1, 4],
    [0.25, -1, 0.25],
    [9, -1, 4],
  ];
  it.each(zooms)('zoom %f, step %i: %f', (current, direction, next) => {
    expect(nextZoom(current, direction)).toBe(next);
  });

  it('steps the zoom from the scale that fitting the width came to, and fits again keeping the step', () => {
    const drawn = run({ type: 'drawn', scale: 0.62 });
    expect(shownScale(drawn)).toBe(0.62);
    const zoomed = viewerReducer(drawn, { type: 'zoomStep', direction: 1 });
    expect(zoomed.zoom).toEqual({ fit: false, scale: 0.75 });
    expect(shownScale(zoomed)).toBe(0.75);
    const fitted = viewerReducer(zoomed, { type: 'fitWidth' });
    expect(fitted.zoom).toEqual({ fit: true, scale: 0.75 });
    expect(shownScale(fitted)).toBe(0.62);
    // the same drawn scale again changes nothing
    expect(viewerReducer(drawn, { type: 'drawn', scale: 0.62 })).toBe(drawn);
  });

  it('a rotation clears the notice, raises the version once saved, and ends', () => {
    const started = run({ type: 'notice', text: 'Old' }, { type: 'rotateStarted' });
    expect(started).toMatchObject({ rotating: true, notice: null, version: 0 });
    const saved = viewerReducer(started, { type: 'rotated' });
    expect(saved.version).toBe(1);
    expect(viewerReducer(saved, { type: 'rotateEnded' })).toMatchObject({ rotating: false, version: 1 });
    // a refused rotation keeps the version and shows why
    const refused = run({ type: 'rotateStarted' }, { type: 'notice', text: 'No.' }, { type: 'rotateEnded' });
    expect(refused).toMatchObject({ rotating: false, version: 0, notice: 'No.' });
  });

  it('toggles the index panel, arms and disarms a stamp, keeps a failure', () => {
    expect(run({ type: 'indexToggled' }).indexOpen).toBe(false);
    expect(run({ type: 'indexToggled' }, { type: 'indexToggled' }).indexOpen).toBe(true);
    expect(run({ type: 'armed', stamp: 'Approved' }).armed).toBe('Approved');
    expect(run({ type: 'armed', stamp: 'Approved' }, { type: 'armed', stamp: null }).armed).toBeNull();
    expect(run({ type: 'failed', text: 'Cannot open.' }).failure).toBe('Cannot open.');
  });
});
