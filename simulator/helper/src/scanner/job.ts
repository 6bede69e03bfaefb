// One scan job: renders its pages in the background as soon as it starts, and reports progress
// from the injected clock (so tests move time instead of sleeping) and from the pages rendered.
import type {
  ScanFault,
  ScanFormat,
  ScanStatusResponse,
  ScanWord,
  ScannerProfile,
} from '@gs/contract/helper';
import { FAULTS, PAPER_POINTS } from './profiles';
import { scanPage } from '@gs/simulator-fixtures/scan/pageContent';
import { rasterPage } from '@gs/simulator-fixtures/scan/raster';
import { encodePage, type EncodedPage } from './encode';

export interface PageResult extends EncodedPage {
  words: ScanWord[];
  width: number;
  height: number;
  dpi: number;
}

export interface JobSettings {
  id: string;
  seed: number;
  profile: ScannerProfile;
  format: ScanFormat;
  pages: number;
  fault?: ScanFault;
  faultAfter?: number;
  msPerPage: number;
  concurrency: number;
}

export class ScanJob {
  startedAt: number | undefined;
  readonly results: (PageResult | undefined)[] = [];
  /** settles when every page to produce is rendered */
  done: Promise<void> = Promise.resolve();
  failure: Error | undefined;

  constructor(readonly s: JobSettings) {}

  /** Pages the scanner will deliver before the job ends (a fault may cut it short). */
  get target(): number {
    const { fault, pages, faultAfter } = this.s;
    if (!fault) return pages;
    if (FAULTS[fault].immediate) return 0;
    return Math.min(pages, Math.max(1, faultAfter ?? Math.ceil(pages / 2)));
  }

  get rendered(): number {
    const first = this.results.findIndex((r) => r === undefined);
    return Math.min(this.target, first < 0 ? this.results.length : first);
  }

  start(now: number): void {
    this.startedAt = now;
    this.results.length = this.target;
    this.done = this.render().catch((error: unknown) => {
      this.failure = error instanceof Error ? error : new Error(String(error));
    });
  }

  private async renderOne(index: number): Promise<void> {
    const { profile, seed, format } = this.s;
    const paper = PAPER_POINTS[profile.Paper];
    const content = scanPage(seed, index, paper.width, paper.height);
    const raster = await rasterPage(content.layout, {
      widthPt: paper.width,
      heightPt: paper.height,
      dpi: profile.Dpi,
      colour: profile.Colour,
      seed: `${seed}:${index}:feed`,
    });
    const encoded = await encodePage(raster, profile.Colour, format);
    const { words, width, height, dpi } = raster;
    this.results[index] = { ...encoded, words, width, height, dpi };
  }

  private async render(): Promise<void> {
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < this.target) await this.renderOne(next++);
    };
    await Promise.all(Array.from({ length: this.s.concurrency }, worker));
  }

  /** Pages the clock says the feeder has passed: a duplex sheet gives two at once. */
  private fed(now: number): number {
    if (this.startedAt === undefined) return 0;
    const elapsed = Math.max(0, now - this.startedAt);
    const sheets = this.s.msPerPage <= 0 ? Infinity : Math.floor(elapsed / this.s.msPerPage);
    return this.s.profile.Duplex ? sheets * 2 : sheets;
  }

  status(now: number): ScanStatusResponse {
    const { fault } = this.s;
    if (this.failure)
      return {
        Status: 'Error',
        PagesScanned: this.rendered,
        Message: `The scanner failed: ${this.failure.message}`,
      };
    if (fault && FAULTS[fault].immediate)
      return { Status: FAULTS[fault].status, PagesScanned: 0, Message: FAULTS[fault].message, Fault: fault };
    const scanned = Math.min(this.target, this.fed(now), this.rendered);
    if (scanned < this.target)
      return { Status: 'Scanning', PagesScanned: scanned, Message: `Scanning page ${scanned + 1}...` };
    if (fault)
      return {
        Status: FAULTS[fault].status,
        PagesScanned: scanned,
        Message: FAULTS[fault].message,
        Fault: fault,
      };
    return {
      Status: 'Completed',
      PagesScanned: scanned,
      Message: `Scan complete: ${scanned} page${scanned === 1 ? '' : 's'}.`,
    };
  }
}
