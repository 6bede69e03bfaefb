import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@gs/contract/history';
import { categoryOf, filterHistory, toggleCategory, type HistoryFilter } from './historyFilter';

const entry = (Category: HistoryEntry['Category'], Message = 'x'): HistoryEntry => ({
  DatabaseID: 1,
  DocumentID: 5,
  ArchiveID: 2,
  OldArchiveID: 0,
  OldDocID: 0,
  Message,
  UserName: 'u',
  ConnectionsString: '',
  Time: '2024-01-01T00:00:00Z',
  Category,
});

describe('history filters', () => {
  const entries = [entry('viewed'), entry('updated'), entry('email'), entry('updated')];
  it('show everything with no toggle on, and only the toggled categories otherwise', () => {
    let filter: HistoryFilter = new Set();
    expect(filterHistory(entries, filter)).toHaveLength(4);
    filter = toggleCategory(filter, 'updated');
    expect(filterHistory(entries, filter).map((e) => e.Category)).toEqual(['updated', 'updated']);
    filter = toggleCategory(filter, 'email');
    expect(filterHistory(entries, filter)).toHaveLength(3);
    filter = toggleCategory(toggleCategory(filter, 'updated'), 'email');
    expect(filter.size).toBe(0);
  });
  it('take the server category, or guess it from the message', () => {
    expect(categoryOf(entry('moved', 'anything'))).toBe('moved');
    expect(categoryOf({ Message: 'Document Emailed to x' })).toBe('email');
    expect(categoryOf({ Message: 'Document printed' })).toBe('printed');
    expect(categoryOf({ Message: 'Something else' })).toBeNull();
  });
});
