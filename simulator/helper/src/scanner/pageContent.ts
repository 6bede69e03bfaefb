// What a scanned sheet says: a letterhead, then an invoice, a purchase order or an application
// form with names, numbers and dates, and a page number; deterministic per (seed, page index).
import { PageBuilder, type PageLayout } from '@gs/simulator-fixtures/render/layout';
import { createRng, type Rng } from '@gs/simulator-fixtures/random';
import { VENDORS } from '@gs/simulator-fixtures/scenarios/demo/vendors';

const MARGIN = 54;
// the demo company's vendors, so that a scanned invoice can be indexed against the demo's Vendors
// list (KeyFree matches a clicked name to a list item)
const COMPANIES = VENDORS.map((v) => v.name);
const STREETS = ['Harbor Road', 'Maple Avenue', 'Industrial Parkway', 'Main Street', 'Commerce Drive'];
const CITIES = [
  'Springfield, IL 62704',
  'Hartford, CT 06103',
  'Tampa, FL 33602',
  'Columbus, OH 43215',
  'Denver, CO 80202',
];
const FIRST = ['Maria', 'James', 'Aisha', 'Robert', 'Chen', 'Laura', 'Daniel', 'Sofia', 'Peter', 'Grace'];
const LAST = ['Garcia', 'Miller', 'Okafor', 'Johnson', 'Wei', 'Fischer', 'Murphy', 'Rossi', 'Novak', 'Patel'];
const ITEMS = [
  'Copy paper, 10 reams',
  'Toner cartridge TN-760',
  'Filing cabinet, 4 drawer',
  'Desk chair, mesh',
  'Label printer',
  'Shipping boxes, 50 pk',
  'USB-C dock',
  'Safety gloves, 12 pr',
  'Pallet wrap, 6 rolls',
  'Service call, 2 h',
];

export type PageKind = 'invoice' | 'order' | 'form';

export interface PageContent {
  kind: PageKind;
  layout: PageLayout;
  /** the index values printed on the page, by the field a capture would fill from them */
  values: Record<string, string>;
}

const money = (n: number): string =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const date = (rng: Rng): string =>
  `${rng.int(1, 12).toString().padStart(2, '0')}/${rng.int(1, 28).toString().padStart(2, '0')}/20${rng.int(24, 26)}`;
const person = (rng: Rng): string => `${rng.pick(FIRST)} ${rng.pick(LAST)}`;

function letterhead(b: PageBuilder, rng: Rng, width: number): string {
  const company = rng.pick(COMPANIES);
  b.box(MARGIN, 40, 36, 36, 'dark');
  b.text(MARGIN + 48, 62, company, { size: 18, font: 'bold' });
  b.text(MARGIN + 48, 76, `${rng.int(100, 9999)} ${rng.pick(STREETS)}, ${rng.pick(CITIES)}`, { size: 9 });
  b.text(width - MARGIN, 62, `Tel (${rng.int(200, 989)}) 555-${rng.int(1000, 9999)}`, {
    size: 9,
    align: 'right',
  });
  b.rule(88, MARGIN, width - MARGIN);
  b.y = 100;
  return company;
}

function lineItems(b: PageBuilder, rng: Rng, width: number): number {
  const right = width - MARGIN;
  b.box(MARGIN, b.y + 6, right - MARGIN, 16, 'dark');
  b.y += 18;
  b.text(MARGIN + 6, b.y, 'Description', { size: 9, font: 'bold', ink: 'white' });
  b.text(right - 150, b.y, 'Qty', { size: 9, font: 'bold', ink: 'white', align: 'right' });
  b.text(right - 6, b.y, 'Amount', { size: 9, font: 'bold', ink: 'white', align: 'right' });
  let total = 0;
  for (let i = rng.int(4, 12); i > 0; i--) {
    const qty = rng.int(1, 20);
    const amount = qty * rng.int(5, 400) + rng.int(0, 99) / 100;
    total += amount;
    b.y += 16;
    b.text(MARGIN + 6, b.y, rng.pick(ITEMS), { size: 10 });
    b.text(right - 150, b.y, String(qty), { size: 10, align: 'right' });
    b.text(right - 6, b.y, money(amount), { size: 10, align: 'right' });
  }
  b.y += 8;
  b.rule(b.y, MARGIN, right);
  b.y += 18;
  b.text(right - 150, b.y, 'Total due', { size: 11, font: 'bold', align: 'right' });
  b.text(right - 6, b.y, money(total), { size: 11, font: 'bold', align: 'right' });
  return total;
}

function invoice(b: PageBuilder, rng: Rng, width: number, kind: 'invoice' | 'order'): Record<string, string> {
  b.space(16).line(kind === 'invoice' ? 'INVOICE' : 'PURCHASE ORDER', { size: 16, font: 'bold' });
  b.space(6);
  const number = kind === 'invoice' ? `INV-${rng.int(10000, 99999)}` : `PO-${rng.int(100000, 999999)}`;
  b.pair(kind === 'invoice' ? 'Invoice Number:' : 'Order Number:', number);
  const printed = date(rng);
  b.pair('Date:', printed);
  b.pair('Customer:', person(rng));
  b.pair('Account:', `AC-${rng.int(1000, 9999)}`);
  b.space(10);
  lineItems(b, rng, width);
  b.space(24).line(
    `Payment terms: net ${rng.pick([15, 30, 45])} days. Please quote ${number} with your payment.`,
    { size: 9 },
  );
  return kind === 'invoice'
    ? { 'Invoice Number': number, 'Invoice Date': printed }
    : { 'PO Number': number, 'Document Date': printed };
}

function form(b: PageBuilder, rng: Rng, width: number): Record<string, string> {
  b.space(16).line('EMPLOYEE EXPENSE CLAIM', { size: 16, font: 'bold' });
  b.space(8);
  const rows: [string, string][] = [
    ['Employee name:', person(rng)],
    ['Employee ID:', `E${rng.int(10000, 99999)}`],
    ['Department:', rng.pick(['Finance', 'Operations', 'Sales', 'Facilities', 'Human Resources'])],
    ['Claim date:', date(rng)],
    ['Approved by:', person(rng)],
  ];
  for (const [label, value] of rows) {
    b.pair(label, value, MARGIN, 130, 11);
    b.rule(b.y + 4, MARGIN + 130, width - MARGIN);
    b.space(6);
  }
  b.space(10);
  lineItems(b, rng, width);
  b.space(30).line('Signature: ____________________________', { size: 10 });
  return Object.fromEntries(rows.map(([label, value]) => [label.replace(/:$/, ''), value]));
}

/** The page at `index` (0-based) of a scan with this seed, on paper of the given size in points. */
export function scanPage(seed: number, index: number, width: number, height: number): PageContent {
  const rng = createRng(`${seed}:${index}`);
  const kind = rng.pick<PageKind>(['invoice', 'order', 'form']);
  const b = new PageBuilder();
  const vendor = letterhead(b, rng, width);
  const values = kind === 'form' ? form(b, rng, width) : invoice(b, rng, width, kind);
  b.rule(height - 50, MARGIN, width - MARGIN);
  b.text(MARGIN, height - 36, `Scanned ${date(rng)}  Batch ${seed % 100000}`, { size: 8, ink: 'grey' });
  b.text(width - MARGIN, height - 36, `Page ${index + 1}`, { size: 8, align: 'right' });
  return { kind, layout: b.page, values: kind === 'form' ? values : { 'Vendor Name': vendor, ...values } };
}
