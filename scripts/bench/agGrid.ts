// The same 10,000-row results page rendered by AG Grid Community (a dev dependency of the scripts
// workspace only, never in the client bundle), for `npm run bench -- grid` to print beside our
// grid: a bare page served by the bench's front server loads AG Grid's browser bundle, fetches the
// page's JSON, maps the documents to rows as our grid does, and times data parsed -> a frame after
// AG Grid's first rendered rows (the same marks our grid leaves: lib/perfMarks.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import type { FieldDefinition } from '@gs/contract/fields';

export const AG_GRID_PAGE = '/__bench/ag-grid.html';
const SCRIPT = '/__bench/ag-grid-community.min.js';
const DATA = '/__bench/ag-grid-data.json';

export interface Canned {
  type: string;
  body: Buffer;
}

function pageHtml(fields: FieldDefinition[]): string {
  const columns = fields.map((f) => ({ field: `f${f.ID}`, headerName: f.Name }));
  return `<!doctype html><html><head><meta charset="utf-8"><title>AG Grid bench</title>
<style>html,body{margin:0;height:100%}#grid{height:100vh}</style></head><body><div id="grid"></div>
<script src="${SCRIPT}"></script>
<script>
agGrid.ModuleRegistry.registerModules([agGrid.AllCommunityModule]);
const columnDefs = ${JSON.stringify(columns)};
fetch('${DATA}', { cache: 'no-store' }).then((r) => r.json()).then((data) => {
  performance.mark('gs:grid-data');
  const rowData = data.Docs.map((d) => {
    const row = { Id: d.Id };
    for (const f of d.Fields) row['f' + f.ID] = f.VAL;
    return row;
  });
  agGrid.createGrid(document.getElementById('grid'), {
    columnDefs,
    rowData,
    onFirstDataRendered: () => requestAnimationFrame(() => {
      performance.mark('gs:grid-painted');
      performance.measure('gs:grid-render', 'gs:grid-data', 'gs:grid-painted');
    }),
  });
});
</script></body></html>`;
}

/** The front server's answers for the AG Grid page, its script and the same page of data. */
export function agGridAssets(fields: FieldDefinition[], data: Buffer): (url: string) => Canned | null {
  const require = createRequire(import.meta.url);
  // the package exports no path to its browser bundle: find it beside the CommonJS entry
  const main = require.resolve('ag-grid-community'); // …/dist/package/main.cjs.js
  const script = readFileSync(join(dirname(main), '..', 'ag-grid-community.min.js'));
  const html = Buffer.from(pageHtml(fields));
  return (url) => {
    const path = url.split('?')[0];
    if (path === AG_GRID_PAGE) return { type: 'text/html; charset=utf-8', body: html };
    if (path === SCRIPT) return { type: 'text/javascript; charset=utf-8', body: script };
    if (path === DATA) return { type: 'application/json; charset=utf-8', body: data };
    return null;
  };
}

/** The AG Grid page's timings, read after each load (a string: the scripts have no DOM types). */
export const READ_AG_TIMES = `(() => {
  const measure = performance.getEntriesByName('gs:grid-render')[0];
  const painted = performance.getEntriesByName('gs:grid-painted')[0].startTime;
  const response = performance.getEntriesByType('resource').filter((e) => /ag-grid-data/.test(e.name)).at(-1);
  return {
    fromData: measure.duration,
    fromResponse: response && response.responseEnd > 0 ? painted - response.responseEnd : null,
    rows: document.querySelectorAll('#grid .ag-row').length,
  };
})()`;

/** Load the AG Grid page `runs` times (after one warm-up) and read each load's timings. */
export async function sampleAgGrid<T>(page: Page, baseUrl: string, runs: number): Promise<T[]> {
  const url = `${baseUrl.replace(/\/$/, '')}${AG_GRID_PAGE}`;
  const once = async (): Promise<T> => {
    await page.goto(url);
    await page.waitForFunction("performance.getEntriesByName('gs:grid-render').length > 0", null, {
      timeout: 60_000,
    });
    return page.evaluate(READ_AG_TIMES) as Promise<T>;
  };
  await once();
  const out: T[] = [];
  for (let i = 0; i < runs; i++) out.push(await once());
  return out;
}
