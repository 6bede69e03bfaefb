// The set-up's Testing Library error (setup.ts): a query that finds nothing still says what it
// looked for and prints the DOM, at once outside waitFor and at the timeout inside it.
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

describe('a failed query', () => {
  it('prints the DOM with its message outside waitFor', () => {
    render(<p>shown text</p>);
    expect(() => screen.getByText('absent text')).toThrowError(
      /Unable to find an element with the text: absent text[\s\S]*Ignored nodes[\s\S]*<p>[\s\S]*shown text/,
    );
  });

  it('prints the DOM as it was at the timeout of findBy and waitFor', async () => {
    render(<p>shown text</p>);
    const expected =
      /Unable to find an element with the text: absent text[\s\S]*Ignored nodes[\s\S]*<p>[\s\S]*shown text/;
    await expect(screen.findByText('absent text', {}, { timeout: 100 })).rejects.toThrowError(expected);
    await expect(waitFor(() => screen.getByText('absent text'), { timeout: 100 })).rejects.toThrowError(
      expected,
    );
    const error: unknown = await waitFor(() => screen.getByText('absent text'), {
      timeout: 100,
    }).catch((e: unknown) => e);
    if (!(error instanceof Error)) throw new Error('waitFor did not fail');
    expect(error.name).toBe('TestingLibraryElementError');
    expect(error.stack).toMatch(expected);
  });
});
