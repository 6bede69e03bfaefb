// The filters of /analytics (decision 039): a range preset (the last 7, 30 or 90 days, today
// included) or custom days, database, archive, user and the action checkboxes. Remembered in
// localStorage under `analyticsFilters` (our name) like the other remembered toggles; pure helpers
// here, the atom in analyticsAtoms.ts.
import { ANALYTICS_ACTIONS, ANALYTICS_MAX_DAYS, type AnalyticsAction } from '@gs/contract/analytics';

export const ANALYTICS_FILTERS_KEY = 'analyticsFilters';
export const RANGE_PRESETS = ['7', '30', '90', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export interface AnalyticsFilters {
  preset: RangePreset;
  /** YYYY-MM-DD, used when preset is custom */
  from: string;
  to: string;
  /** null: the database the user works in */
  database: number | null;
  /** 0: every archive */
  archive: number;
  /** '' for everyone */
  user: string;
  actions: AnalyticsAction[];
}

export const DEFAULT_FILTERS: AnalyticsFilters = {
  preset: '30',
  from: '',
  to: '',
  database: null,
  archive: 0,
  user: '',
  actions: ['indexed', 'viewed', 'updated', 'annotation', 'printed', 'email', 'exported', 'deleted'],
};

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const two = (n: number): string => String(n).padStart(2, '0');

/** YYYY-MM-DD of a date in the browser's zone. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** UTC midnight of YYYY-MM-DD, or NaN. */
const utcOf = (day: string): number => (DAY.test(day) ? Date.parse(`${day}T00:00:00Z`) : NaN);

/** The days a preset or custom range covers; null when the custom days are not a valid range. */
export function rangeOf(f: AnalyticsFilters, today: Date): { start: string; end: string } | null {
  if (f.preset !== 'custom') {
    const end = localDay(today);
    const start = new Date(utcOf(end) - (Number(f.preset) - 1) * DAY_MS).toISOString().slice(0, 10);
    return { start, end };
  }
  const from = utcOf(f.from);
  const to = utcOf(f.to);
  if (Number.isNaN(from) || Number.isNaN(to) || to < from) return null;
  if ((to - from) / DAY_MS + 1 > ANALYTICS_MAX_DAYS) return null;
  return { start: f.from, end: f.to };
}

const isAction = (v: unknown): v is AnalyticsAction =>
  typeof v === 'string' && (ANALYTICS_ACTIONS as readonly string[]).includes(v);

/** What localStorage held, made valid: unknown values fall back to the defaults. */
export function parseFilters(text: string | null): AnalyticsFilters {
  if (!text) return DEFAULT_FILTERS;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return DEFAULT_FILTERS;
  }
  if (!raw || typeof raw !== 'object') return DEFAULT_FILTERS;
  const r = raw as Record<string, unknown>;
  const id = (v: unknown): number | null =>
    typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;
  const day = (v: unknown): string => (typeof v === 'string' && DAY.test(v) ? v : '');
  const actions = Array.isArray(r.actions)
    ? [...new Set(r.actions.filter(isAction))]
    : DEFAULT_FILTERS.actions;
  return {
    preset: RANGE_PRESETS.find((p) => p === r.preset) ?? DEFAULT_FILTERS.preset,
    from: day(r.from),
    to: day(r.to),
    database: id(r.database),
    archive: id(r.archive) ?? 0,
    user: typeof r.user === 'string' ? r.user.slice(0, 200) : '',
    actions,
  };
}

/** The actions in checkbox order. */
export const orderedActions = (actions: readonly AnalyticsAction[]): AnalyticsAction[] =>
  ANALYTICS_ACTIONS.filter((a) => actions.includes(a));
