// A per-day chart of several series, drawn by uPlot (loaded with the /analytics chunk, never by the
// sign-in or search screens). Decorative for screen readers: the table under it holds the same
// figures. Where the browser cannot draw (no canvas), the chart stays empty and the table remains.
import { useEffect, useRef } from 'react';
import 'uplot/dist/uPlot.min.css';
import { useDateFormat } from '../../app/useDateFormat';
import { formatDateAs } from '../../lib/dateTime';

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

/** Seconds of each YYYY-MM-DD's local midnight, as uPlot's time axis wants them. */
export const dayStamps = (days: readonly string[]): number[] =>
  days.map((d) => {
    const [y, m, day] = d.split('-').map(Number) as [number, number, number];
    return new Date(y, m - 1, day).getTime() / 1000;
  });

const DAY_S = 86_400;
const DAY_INCRS = [1, 2, 7, 14, 28, 56, 91].map((d) => d * DAY_S);
const COUNT_INCRS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 100_000, 1_000_000];

function canDraw(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

export function DayChart({
  days,
  series,
  title,
  dayLabel,
}: {
  days: string[];
  series: ChartSeries[];
  title: string;
  /** the legend's name of the day axis */
  dayLabel: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { locale } = useDateFormat();
  const key = JSON.stringify([days, series, dayLabel, locale]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: { destroy(): void; setSize(s: { width: number; height: number }): void } | undefined;
    let observer: ResizeObserver | undefined;
    let live = true;
    const [first] = days;
    // where the browser cannot draw (no 2d canvas), the table below still holds the figures
    if (!canDraw()) return;
    import('uplot')
      .then(({ default: UPlot }) => {
        if (!live || !first) return;
        const width = Math.max(320, el.clientWidth || 800);
        const height = 260;
        chart = new UPlot(
          {
            width,
            height,
            scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
            axes: [
              {
                // ticks on whole days (seconds), written as short dates
                incrs: DAY_INCRS,
                values: (_u, splits) => splits.map((v) => formatDateAs(v * 1000, locale, 'dayMonth')),
              },
              // counts: whole numbers only
              { size: 48, incrs: COUNT_INCRS },
            ],
            series: [
              {
                label: dayLabel,
                value: (_u, v) => (v === null ? '' : formatDateAs(v * 1000, locale, 'date')),
              },
              ...series.map((s) => ({
                label: s.label,
                stroke: s.color,
                fill: `${s.color}22`,
                width: 2,
                points: { show: days.length <= 31 },
              })),
            ],
            legend: { live: true },
          },
          [dayStamps(days), ...series.map((s) => s.values)],
          el,
        );
        if (typeof ResizeObserver === 'function') {
          observer = new ResizeObserver(() =>
            chart?.setSize({ width: Math.max(320, el.clientWidth || width), height }),
          );
          observer.observe(el);
        }
      })
      .catch(() => {
        // no canvas here: the table below shows the figures
      });
    return () => {
      live = false;
      observer?.disconnect();
      chart?.destroy();
    };
    // the data is compared by value (key), not by the arrays' identity
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return <div ref={box} className="analytics-chart" role="img" aria-label={title} />;
}
