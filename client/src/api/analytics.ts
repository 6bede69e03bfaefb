// The analytics service (contract/analytics.ts; decision 039). It lives beside the Square9API
// (`../../square9analytics/analytics/` from the API base, as the public Square9Analytics page
// reaches it), so the API's http client resolves these paths with the same token.
import {
  ANALYTICS_BASE_FROM_API,
  type ActionCountsResponse,
  type CaptureFiguresResponse,
  type WorkflowFiguresResponse,
} from '@gs/contract/analytics';
import type { Http } from './http';

export interface AnalyticsQuery {
  database: number;
  /** YYYY-MM-DD, both days included */
  start: string;
  end: string;
  /** 0: every archive */
  archive: number;
  /** '' for everyone */
  user: string;
  /** Date#getTimezoneOffset of the browser */
  tzOffset: number;
}

const path = (action: string): string => `${ANALYTICS_BASE_FROM_API}Actions/${action}`;

const common = (q: AnalyticsQuery) => ({
  database: q.database,
  startdate: q.start,
  enddate: q.end,
  archive: q.archive || undefined,
  tzoffset: q.tzOffset,
});

export const getActionCounts = (
  http: Http,
  q: AnalyticsQuery,
  actions: readonly string[],
): Promise<ActionCountsResponse> =>
  http.request<ActionCountsResponse>(path('Counts'), {
    query: { ...common(q), actions: actions.join(','), user: q.user || undefined },
  });

export const getCaptureFigures = (
  http: Http,
  q: AnalyticsQuery,
  portal: number | null,
): Promise<CaptureFiguresResponse> =>
  http.request<CaptureFiguresResponse>(path('Capture'), {
    query: { ...common(q), portal: portal ?? undefined },
  });

export const getWorkflowFigures = (http: Http, q: AnalyticsQuery): Promise<WorkflowFiguresResponse> =>
  http.request<WorkflowFiguresResponse>(path('Workflow'), { query: common(q) });
