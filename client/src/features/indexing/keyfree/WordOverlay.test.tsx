import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import type { PageWord } from '@gs/contract/dataExtraction';
import { AppProviders } from '../../../app/AppProviders';
import type { AppStore } from '../../../app/createAppStore';
import { createI18n } from '../../../app/i18n';
import { WordOverlay } from './WordOverlay';

const word = (Value: string, Left: number): PageWord =>
  ({ Value, Left, Top: 0.1, Width: 0.05, Height: 0.02 }) as PageWord;

describe('KeyFree word overlay from the keyboard', () => {
  it('is one tab stop; the arrows move between the words and Enter picks the focused one', () => {
    const onPick = vi.fn();
    const words = [word('ACME', 0.1), word('Invoice', 0.2), word('1234', 0.3)];
    render(
      <AppProviders store={createStore() as AppStore} i18n={createI18n('en')}>
        <WordOverlay words={words} onPick={onPick} />
      </AppProviders>,
    );
    const boxes = screen.getAllByRole('button');
    expect(boxes.map((b) => b.tabIndex)).toEqual([0, -1, -1]);
    boxes[0]!.focus();
    fireEvent.keyDown(boxes[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(boxes[1]);
    fireEvent.keyDown(boxes[1]!, { key: 'End' });
    expect(document.activeElement).toBe(boxes[2]);
    expect(boxes.map((b) => b.tabIndex)).toEqual([-1, -1, 0]);
    fireEvent.click(boxes[2]!, { detail: 0 });
    expect(onPick).toHaveBeenCalledWith([words[2]]);
  });
});
