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

function Menu({ disabled = false }: { disabled?: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [chosen, setChosen] = useState('');
  const item = (name: string) => (
    <button
      type="button"
      role="menuitem"
      disabled={disabled}
      onClick={() => {
        setChosen(name);
        setAnchor(null);
      }}
    >
      {name}
    </button>
  );
  return (
    <main>
      <button type="button" onClick={(e) => setAnchor(e.currentTarget)}>
        Actions
      </button>
      <button type="button">Next control</button>
      <output>{chosen}</output>
      {anchor && (
        <Popover anchor={anchor} label="Actions" role="menu" onClose={() => setAnchor(null)}>
          {item('Copy')}
          {item('Move')}
          {item('Delete')}
        </Popover>
      )}
    </main>
  );
}

describe('a popover menu from the keyboard', () => {
  const trigger = () => screen.getByRole('button', { name: 'Actions' });
  const focused = () => document.activeElement?.textContent;

  it('takes the focus to its first item; the arrows, Home and End move it, round the ends', () => {
    render(<Menu />);
    fireEvent.click(trigger());
    expect(focused()).toBe('Copy');
    const menu = screen.getByRole('menu');
    const key = (name: string) => fireEvent.keyDown(document.activeElement ?? menu, { key: name });
    key('ArrowDown');
    expect(focused()).toBe('Move');
    key('End');
    expect(focused()).toBe('Delete');
    key('ArrowDown');
    expect(focused()).toBe('Copy');
    key('ArrowUp');
    expect(focused()).toBe('Delete');
    key('Home');
    expect(focused()).toBe('Copy');
  });

  it('gives the focus back to its trigger when Escape, Tab or a chosen item closes it', () => {
    render(<Menu />);
    fireEvent.click(trigger());
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger());

    fireEvent.click(trigger());
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger());

    fireEvent.click(trigger());
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.click(document.activeElement!);
    expect(screen.getByRole('status').textContent).toBe('Move');
    expect(document.activeElement).toBe(trigger());
  });

  it('focuses the menu itself when every item is disabled', () => {
    render(<Menu disabled />);
    fireEvent.click(trigger());
    expect(document.activeElement).toBe(screen.getByRole('menu'));
  });
});
