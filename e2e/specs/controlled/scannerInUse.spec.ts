// Capture through the Extensions helper: a scanner in use shows its message. The helper's test
// endpoint picks the next scan's fault, so this spec runs on the controlled stack (the rest of
// capture: capture.spec.ts; the trainer's fault schedule: trainer.spec.ts).
import { test, expect } from '../../fixtures';
import { CapturePage, setNextScanFault } from '../../pages/CapturePage';

test.beforeEach(async ({ request }) => {
  await setNextScanFault(request, null);
});
test.afterEach(async ({ request }) => {
  await setNextScanFault(request, null);
});

test('a scanner in use shows its message', async ({ page, request, sim: _sim, signInTo }) => {
  const capture = new CapturePage(page);
  await capture.useFastTimings();
  await signInTo('full.user', 'Finance');
  await capture.openInvoicesScan();
  await setNextScanFault(request, 'ScannerInUse');
  await capture.scanButton.click();
  await expect(capture.scanError).toHaveText(
    'The scanner is in use by another application. Close it and try again.',
  );
});
