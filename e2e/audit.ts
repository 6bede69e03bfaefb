// The accessibility audit of issue 27, shared by the accessibility specs: axe-core on the page as
// it is, the violations counted per screen and impact and printed after the file, and any
// violation, minor ones included, a failure.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

const table: Record<string, Record<Impact, number>> = {};

/** Prints the file's table of violations once its tests are done (call at the top of a spec). */
export function printAuditTable(): void {
  test.afterAll(() => {
    console.log('axe violations per screen and impact (nodes):');
    console.table(table);
    // the next spec file in this worker prints its own screens only
    for (const screen of Object.keys(table)) delete table[screen];
  });
}

/**
 * Runs axe on the page as it is, records the counts and fails on any violation, whatever its
 * impact (every screen is clean down to the minor ones).
 * axe runs in the page itself (axe.run, the builder's legacy mode): the client's policy allows no
 * frame at all (frame-src 'none', simulator/api/src/http/clientPolicy.ts), so the page is all
 * there is to audit, and the builder's default, made for pages with cross-origin frames, opened a
 * blank page per audit and carried every node's result through it (about 60 % of the time).
 */
export async function audit(page: Page, screen: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(page.frames(), `${screen}: a frame axe's in-page run would not audit`).toHaveLength(1);
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const counts: Record<Impact, number> = { minor: 0, moderate: 0, serious: 0, critical: 0 };
  for (const v of violations) counts[(v.impact ?? 'minor') as Impact] += v.nodes.length;
  table[screen] = counts;
  const found = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect.soft(found, `${screen}: axe violations`).toEqual([]);
}
