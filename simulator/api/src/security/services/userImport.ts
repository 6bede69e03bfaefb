// The CSV import of users (admin-spec §5; route and columns our design, decision 020): a header
// row naming Name, Password, Email and License in any order and casing (Name and Password
// required), then a user per row. A row that cannot be added is reported with why, never fatal.
import { parse } from 'csv-parse/sync';
import { badRequest } from '../../domain/errors';

export const MAX_IMPORT_ROWS = 500;

export interface ImportRow {
  name: string;
  password: string;
  email: string;
  license: string;
}

export function parseUserCsv(text: string): ImportRow[] {
  let records: string[][];
  try {
    records = parse(text, { skip_empty_lines: true, trim: true, relax_column_count: true, bom: true });
  } catch (e) {
    throw badRequest(`The CSV could not be read: ${e instanceof Error ? e.message : String(e)}`);
  }
  const [header, ...rows] = records;
  if (!header) throw badRequest('The CSV is empty; expected a header row Name,Password,Email,License.');
  const col = (name: string) => header.findIndex((h) => h.toLowerCase() === name);
  const name = col('name');
  const password = col('password');
  const email = col('email');
  const license = col('license');
  if (name < 0 || password < 0) throw badRequest('The CSV header must name the columns Name and Password.');
  if (rows.length > MAX_IMPORT_ROWS) throw badRequest(`The CSV may hold at most ${MAX_IMPORT_ROWS} users.`);
  const cell = (row: string[], i: number) => (i < 0 ? '' : (row[i] ?? ''));
  return rows.map((r) => ({
    name: cell(r, name),
    password: cell(r, password),
    email: cell(r, email),
    license: cell(r, license),
  }));
}
