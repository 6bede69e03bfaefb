// Makes, once, the PDF test fixtures of the PDF engine (simulator/api/src/pdf/services/testdata):
// pages printed by Chromium (an embedded web font, a CSS gradient, a clipped image, a table), a
// multi-page print with mixed page sizes whose pages pdf-lib then rotates, the print encrypted
// with a user password (by MuPDF), and the print cut in half. The files are committed; run this
// only to make them again: npx tsx scripts/makePdfFixtures.ts
// The reference PNGs are made by a second engine (pdf.js), see decision 035.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import * as mupdf from 'mupdf';
import { PDFDocument, degrees } from 'pdf-lib';
import sharp from 'sharp';
import { loadConfig } from '@gs/simulator-config/load';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'simulator/api/src/pdf/services/testdata');
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf';

/** A word that appears in no other file of the project but the printed fixture. */
export const ONLY_WORD = 'Quokkaberries';

async function photo(): Promise<string> {
  // a small "photograph": a radial pattern of colours, as PNG
  const w = 160;
  const h = 120;
  const px = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      px[i] = (x * 255) / w;
      px[i + 1] = (y * 255) / h;
      px[i + 2] = 255 - ((x + y) * 255) / (w + h);
    }
  const png = await sharp(px, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

async function html(): Promise<string> {
  const font = (await readFile(FONT)).toString('base64');
  const rows = [
    ['INV-1001', 'Harbour Freight Ltd', '1,250.00'],
    ['INV-1002', 'Northwind Traders', '980.40'],
    ['INV-1003', 'Contoso Pharmaceuticals', '12,004.99'],
  ]
    .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
    .join('');
  return `<!doctype html><html><head><style>
@font-face { font-family: 'Web Serif'; src: url(data:font/ttf;base64,${font}) format('truetype'); }
@page { size: A4; margin: 15mm; }
@page wide { size: A4 landscape; margin: 15mm; }
@page small { size: 120mm 160mm; margin: 10mm; }
body { font-family: 'Web Serif'; color: #123; }
h1 { font-size: 30px; }
.band { height: 90px; background: linear-gradient(90deg, #0b5fa5, #f6a800); border-radius: 12px; }
.clip { width: 240px; height: 180px; clip-path: circle(40%); display: block; margin: 16px 0; }
table { border-collapse: collapse; font-family: sans-serif; font-size: 16px; }
td, th { border: 2px solid #333; padding: 6px 12px; }
th { background: #dde7f0; }
.page { break-after: page; }
.wide { page: wide; }
.small { page: small; }
</style></head><body>
<section class="page">
<h1>Quarterly statement of ${ONLY_WORD}</h1>
<div class="band"></div>
<img class="clip" src="${await photo()}" alt="">
<table><tr><th>Invoice</th><th>Vendor</th><th>Amount</th></tr>${rows}</table>
</section>
<section class="page wide"><h1>Landscape page two</h1><div class="band"></div></section>
<section class="page small"><h1>Small page three</h1><table>${rows}</table></section>
<section><h1>Portrait page four</h1></section>
</body></html>`;
}

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: loadConfig(process.env).CHROMIUM_PATH });
  const page = await browser.newPage();
  await page.setContent(await html());
  // the web font is a data URL: it is loaded before setContent's load event
  const printed = await page.pdf({ printBackground: true, preferCSSPageSize: true, tagged: false });
  await browser.close();

  // the first page alone: the Chromium print
  const all = await PDFDocument.load(printed);
  const first = await PDFDocument.create();
  first.addPage((await first.copyPages(all, [0]))[0]!);
  const chromiumPdf = await first.save();
  await writeFile(join(out, 'chromium-print.pdf'), chromiumPdf);

  // every page, pages two and three rotated by the page's /Rotate
  all.getPage(1).setRotation(degrees(90));
  all.getPage(2).setRotation(degrees(180));
  await writeFile(join(out, 'mixed-pages.pdf'), await all.save());

  // the print, encrypted with a user password by MuPDF
  const doc = mupdf.Document.openDocument(chromiumPdf, 'application/pdf') as mupdf.PDFDocument;
  const encrypted = doc
    .saveToBuffer('encrypt=aes-256,user-password=secret,owner-password=owner')
    .asUint8Array();
  await writeFile(join(out, 'encrypted.pdf'), encrypted);

  // the print cut in half (a broken download)
  await writeFile(join(out, 'truncated.pdf'), chromiumPdf.slice(0, Math.floor(chromiumPdf.length / 2)));
  console.log(`Wrote the PDF fixtures to ${out}`);
}

await main();
