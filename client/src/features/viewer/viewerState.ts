// The viewer's state (decision 072): one reducer for the page shown, the zoom (fitting the pane's
// width at the scale last drawn, or a step of ZOOM_STEPS), the file's version (a rotation saves a
// new one), the opened PDF, a failure to show it, the notice, a rotation under way, the index
// panel and the stamp armed for the next click. Pure: the screen dispatches and runs the requests.
import type { Zoom } from './PageView';
import type { PdfFile } from './pdfEngine';

const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4];

/** The zoom step after (1) or before (-1) `current`, stopping at the ends. */
export function nextZoom(current: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((z) => z > current + 0.001) ?? ZOOM_STEPS.at(-1) ?? current;
  return [...ZOOM_STEPS].reverse().find((z) => z < current - 0.001) ?? ZOOM_STEPS[0] ?? current;
}

export interface ViewerState {
  /** raised by each rotation: the file's address changes and it loads again */
  version: number;
  page: number;
  zoom: Zoom;
  /** the scale the page was last drawn at (what fitting the width came to) */
  drawnScale: number;
  pdf: PdfFile | null;
  /** why the document cannot be shown */
  failure: string | null;
  notice: string | null;
  rotating: boolean;
  indexOpen: boolean;
  /** the stamp chosen in the menu, placed by the next click on the page */
  armed: string | null;
}

export type ViewerEvent =
  | { type: 'pageChosen'; page: number; pageCount: number }
  | { type: 'zoomStep'; direction: 1 | -1 }
  | { type: 'fitWidth' }
  | { type: 'drawn'; scale: number }
  | { type: 'pdfOpened'; pdf: PdfFile | null }
  | { type: 'failed'; text: string }
  | { type: 'notice'; text: string | null }
  | { type: 'rotateStarted' }
  | { type: 'rotated' }
  | { type: 'rotateEnded' }
  | { type: 'indexToggled' }
  | { type: 'armed'; stamp: string | null };

export const initialViewerState: ViewerState = {
  version: 0,
  page: 1,
  zoom: { fit: true, scale: 1 },
  drawnScale: 1,
  pdf: null,
  failure: null,
  notice: null,
  rotating: false,
  indexOpen: true,
  armed: null,
};

/** The scale the zoom shows now. */
export const shownScale = (state: ViewerState): number =>
  state.zoom.fit ? state.drawnScale : state.zoom.scale;

export function viewerReducer(state: ViewerState, event: ViewerEvent): ViewerState {
  switch (event.type) {
    case 'pageChosen':
      return { ...state, page: Math.min(Math.max(1, event.page), Math.max(1, event.pageCount)) };
    case 'zoomStep':
      return { ...state, zoom: { fit: false, scale: nextZoom(shownScale(state), event.direction) } };
    case 'fitWidth':
      return { ...state, zoom: { ...state.zoom, fit: true } };
    case 'drawn':
      return state.drawnScale === event.scale ? state : { ...state, drawnScale: event.scale };
    case 'pdfOpened':
      return { ...state, pdf: event.pdf };
    case 'failed':
      return { ...state, failure: event.text };
    case 'notice':
      return { ...state, notice: event.text };
    case 'rotateStarted':
      return { ...state, rotating: true, notice: null };
    case 'rotated':
      return { ...state, version: state.version + 1 };
    case 'rotateEnded':
      return { ...state, rotating: false };
    case 'indexToggled':
      return { ...state, indexOpen: !state.indexOpen };
    case 'armed':
      return { ...state, armed: event.stamp };
  }
}
