import { describe, expect, it } from 'vitest';
import { HISTORY_CATEGORIES } from '@gs/contract/history';
import { categoryOf, isHistoryCategory } from './history';

describe('categoryOf', () => {
  it('files the messages of every history action type under one of the 15 filters', () => {
    const cases: [string, string][] = [
      ['Annotation Data Updated', 'annotation'],
      ['Document Appended', 'appended'],
      ['Checked Out', 'checked'],
      ['Checked In', 'checked'],
      ['File Converted', 'converted'],
      ['Copied To Archive Invoices', 'copied'],
      ['Document Deleted', 'deleted'],
      ['Emailed', 'email'],
      ['Document Exported', 'exported'],
      ['Downloaded', 'exported'],
      ['Document indexed', 'indexed'],
      ['Moved from Archive 3', 'moved'],
      ['Printed', 'printed'],
      ['Unpublished', 'published'],
      ["Field 'Vendor' changed from 'A' to 'B'", 'updated'],
      ['Viewed', 'viewed'],
      ['Version Created', 'version'],
      ['Something new', 'updated'],
    ];
    for (const [message, category] of cases) expect(categoryOf(message), message).toBe(category);
    expect(new Set(cases.map(([, c]) => c))).toEqual(new Set(HISTORY_CATEGORIES));
  });

  it('knows the categories', () => {
    expect(isHistoryCategory('viewed')).toBe(true);
    expect(isHistoryCategory('Viewed')).toBe(false);
  });
});
