import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Popover } from './Popover';

function Trigger() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <button type="button" onClick={(e) => setAnchor(e.currentTarget)}>
        Export
      </button>
      {anchor && (
        <Popover anchor={anchor} label="Export options" role="menu" onClose={() => setAnchor(null)}>
          <button type="button" role="menuitem">
            CSV
          </button>
        </Popover>
      )}
    </>
  );
}

describe('a popover', () => {
  it('opens inside the main landmark that holds its trigger, not beside it in the body', () => {
    render(
      <main>
        <div className="grid">
          <Trigger />
        </div>
      </main>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const menu = screen.getByRole('menu', { name: 'Export options' });
    expect(menu.parentElement).toBe(screen.getByRole('main'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens in the body when its trigger is in no main landmark', () => {
    render(<Trigger />);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getByRole('menu').parentElement).toBe(document.body);
  });
});
