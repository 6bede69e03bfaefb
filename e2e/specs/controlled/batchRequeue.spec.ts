// Batch capture portals (issue 15, decision 028): an errored batch shows its reason and is
// re-queued, then processed once the simulator's clock has moved two processing steps (the clock is
// a test endpoint: this spec runs on the controlled stack; the rest of the batches: batches.spec.ts).
import { expect, test } from '../../fixtures';
import { advanceClock, BatchesPage } from '../../pages/BatchesPage';

/** one processing step of the simulator (BATCH_STEP_MS, 10 s by default), with room to spare */
const STEP_MS = 10_000;

test('an errored batch shows its reason and is re-queued, then processed', async ({
  page,
  request,
  sim: _sim,
  signInTo,
}) => {
  const batches = new BatchesPage(page);
  await signInTo('full.user', 'Finance');
  await batches.openPortal('AP Scans');
  await batches.filter('Errored').click();
  const row = batches.row('Vendor mail 11-03');
  await expect(batches.status(row)).toHaveText('Errored');
  await expect(row.getByTestId('batch-error')).toHaveText(
    'The OCR engine did not answer within 120 seconds.',
  );

  await batches.act(row, 'Re-queue');
  await batches.filter('Errored').click();
  await expect(batches.status(row)).toHaveText('Queued');
  await expect(row.getByTestId('batch-error')).toHaveCount(0);
  await advanceClock(request, 2 * STEP_MS);
  await expect(batches.status(row)).toHaveText('Processed', { timeout: 15_000 });
});
