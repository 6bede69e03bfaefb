// KeyFree in the indexing view: the tool's button, the words over the page image (a button per
// word, named by its text), the install data-extraction modal, and the helper's package state.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { helperPaths } from '@gs/contract/helper';
import type { PageWord, PageWordsResponse } from '@gs/contract/dataExtraction';
import { DATA_EXTRACTION_PACKAGE, dataExtractionPaths } from '@gs/contract/dataExtraction';
import { API_ROOT } from '@gs/contract/paths';
import type { Stack } from '../stacks';

export class KeyFreePage {
  readonly toggle: Locator;
  readonly overlay: Locator;
  readonly message: Locator;
  readonly installModal: Locator;

  constructor(readonly page: Page) {
    this.toggle = page.getByTestId('indexing-view').getByRole('button', { name: 'KeyFree', exact: true });
    this.overlay = page.getByTestId('keyfree-overlay');
    this.message = page.getByTestId('keyfree-message');
    this.installModal = page.getByTestId('install-data-extraction-modal');
  }

  word(text: string): Locator {
    return this.overlay.getByRole('button', { name: text, exact: true }).first();
  }

  /** Clicks one word on the page image. */
  async click(text: string): Promise<void> {
    await this.word(text).click();
  }

  /** Drags from the first word to the last over the page image (the words of a longer value). */
  async drag(first: string, last: string): Promise<void> {
    const [a, b] = [await this.word(first).boundingBox(), await this.word(last).boundingBox()];
    if (!a || !b) throw new Error(`words ${first}..${last} are not on the page`);
    await this.page.mouse.move(a.x + 2, a.y + a.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move((a.x + b.x + b.width) / 2, b.y + b.height / 2, { steps: 4 });
    await this.page.mouse.move(b.x + b.width - 2, b.y + b.height / 2, { steps: 4 });
    await this.page.mouse.up();
  }
}

/** Takes the data-extraction package out of the stack's helper, as a user would in the Extensions Manager. */
export async function uninstallDataExtraction(request: APIRequestContext, stack: Stack): Promise<void> {
  const res = await request.post(`http://localhost:${stack.helperHttpPort}${helperPaths.uninstall}`, {
    data: { AppNames: [DATA_EXTRACTION_PACKAGE] },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The word printed right after a label's last word (e.g. "Number:" → "INV-10042"). */
function wordAfter(words: readonly PageWord[], labels: RegExp): PageWord {
  const at = words.findIndex((w) => labels.test(w.Value));
  const value = words[at + 1];
  expect(at, `a word like ${String(labels)} is printed`).toBeGreaterThanOrEqual(0);
  if (!value) throw new Error(`nothing printed after ${String(labels)}`);
  return value;
}

/**
 * What a page (default 1) of a scanned demo invoice prints: the letterhead's company (line 1,
 * before the telephone) as words and as one name, the invoice number and the date.
 */
export async function printedInvoice(
  request: APIRequestContext,
  authorization: string,
  cacheName: string,
  page = 1,
): Promise<{ company: PageWord[]; vendor: string; number: string; date: string }> {
  const { Words } = await pageWords(request, authorization, cacheName, page);
  const head = Words.filter((w) => w.Line === 1);
  const company = head.slice(
    0,
    head.findIndex((w) => w.Value === 'Tel'),
  );
  const vendor = company.map((w) => w.Value).join(' ');
  expect(vendor).not.toBe('');
  return {
    company,
    vendor,
    number: wordAfter(Words, /^(Number|ID):$/).Value,
    date: wordAfter(Words, /^[Dd]ate:$/).Value,
  };
}

/** The words of a page of a cache file, as the indexing view reads them. */
export async function pageWords(
  request: APIRequestContext,
  authorization: string,
  cacheName: string,
  page: number,
): Promise<PageWordsResponse> {
  const res = await request.get(`${API_ROOT}${dataExtractionPaths.words(cacheName, page)}`, {
    headers: { Authorization: authorization },
  });
  expect(res.ok(), `words: ${res.status()}`).toBe(true);
  return (await res.json()) as PageWordsResponse;
}
