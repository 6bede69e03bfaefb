import { describe, expect, it } from 'vitest';
import { resultsPageClass } from './ResultsFrame';

describe('resultsPageClass', () => {
  it('names the closed sidebar and the open history panel, and nothing else', () => {
    expect(resultsPageClass(true)).toBe('results-page');
    expect(resultsPageClass(false)).toBe('results-page results-page--no-sidebar');
    expect(resultsPageClass(true, true)).toBe('results-page results-page--history');
    expect(resultsPageClass(false, true)).toBe('results-page results-page--no-sidebar results-page--history');
  });
});
