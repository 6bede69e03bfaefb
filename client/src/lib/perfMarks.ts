// Timing of the results grid, read by `npm run bench -- grid`: a mark when a page's data has
// arrived, one a frame after its rows were committed, and the measure between them.
export const GRID_DATA_MARK = 'gs:grid-data';
export const GRID_PAINT_MARK = 'gs:grid-painted';
export const GRID_RENDER_MEASURE = 'gs:grid-render';

const perf = (): Performance | undefined => (typeof performance === 'undefined' ? undefined : performance);

export function markGridData(): void {
  const p = perf();
  if (!p?.mark) return;
  p.clearMarks(GRID_DATA_MARK);
  p.clearMarks(GRID_PAINT_MARK);
  p.mark(GRID_DATA_MARK);
}

export function markGridPainted(): void {
  const p = perf();
  if (
    !p?.mark ||
    p.getEntriesByName(GRID_DATA_MARK).length === 0 ||
    p.getEntriesByName(GRID_PAINT_MARK).length
  )
    return;
  p.mark(GRID_PAINT_MARK);
  try {
    p.measure(GRID_RENDER_MEASURE, GRID_DATA_MARK, GRID_PAINT_MARK);
  } catch {
    // a mark was cleared in between: nothing to measure
  }
}
