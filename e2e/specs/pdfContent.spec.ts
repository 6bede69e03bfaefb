// Issue 19: a PDF printed by a browser (embedded web font, gradient, clipped image, table) is
// imported through "Import file", its page is drawn by the server's PDF engine in the indexing
// view, and once indexed a content search finds a word that only its text holds.
import { join } from 'node:path';
import { test, expect } from '../fixtures';
import { CapturePage } from '../pages/CapturePage';
import { IndexingPage } from '../pages/IndexingPage';

const PRINTED = join(import.meta.dirname, '../../simulator/api/src/pdf/services/testdata/chromium-print.pdf');
const ARCHIVE = 'Policies & Procedures';

test('a browser-printed PDF is imported, drawn by the server and found by a word of its text', async ({
  page,
  sim: _sim,
  signInTo,
  searchPage,
  resultsPage,
}) => {
  await signInTo('dbadmin', 'Human Resources');
  const capture = new CapturePage(page);
  const chooser = page.waitForEvent('filechooser');
  await capture.archiveOption(ARCHIVE, 'Import file');
  await (await chooser).setFiles(PRINTED);
  // the upload's own name rides beside the cache name (ImportName, decision 050)
  await expect(page).toHaveURL(/\/view\?db=\d+&a=\d+&ImportDoc=[^&]+\.pdf(&ImportName=[^&]+)?$/);

  const indexer = new IndexingPage(page);
  await expect(indexer.pageOf).toHaveText('Page 1 of 1');
  expect(await indexer.pageDrawn()).toBe(true);
  await indexer.input('Policy Title').fill('Quarterly statement');
  await indexer.save.click();
  await expect(indexer.success).toHaveText(`The document was indexed into ${ARCHIVE}.`);

  // the archive opens on its default search; the content search is one of its other searches
  await searchPage.openArchive([ARCHIVE]);
  await resultsPage.waitForRows();
  await page.getByTestId('other-searches').click();
  await searchPage.prompt.getByRole('button', { name: 'Policy Text Search', exact: true }).click();
  await searchPage.fillPrompt('Document content', 'Quokkaberries');
  await searchPage.runPrompt();
  await resultsPage.waitForRows();
  await expect(resultsPage.rows).toHaveCount(1);
  expect(await resultsPage.columnTexts('Policy Title')).toEqual(['Quarterly statement']);
});
