import { describe, expect, it } from 'vitest';
import { nextCheckOrder } from './gridSelection';

describe('nextCheckOrder', () => {
  const grid = ['a.pdf', 'b.tif', 'c.pdf'];
  it('keeps the order files were checked in, whatever the grid order', () => {
    let order = nextCheckOrder([], { 'c.pdf': true }, grid);
    order = nextCheckOrder(order, { 'c.pdf': true, 'a.pdf': true }, grid);
    expect(order).toEqual(['c.pdf', 'a.pdf']);
  });
  it('drops unchecked files and adds several new ones in grid order', () => {
    expect(nextCheckOrder(['c.pdf', 'a.pdf'], { 'a.pdf': true, 'b.tif': true }, grid)).toEqual([
      'a.pdf',
      'b.tif',
    ]);
    expect(nextCheckOrder(['b.tif'], { 'a.pdf': true, 'b.tif': true, 'c.pdf': true }, grid)).toEqual([
      'b.tif',
      'a.pdf',
      'c.pdf',
    ]);
    expect(nextCheckOrder(['b.tif'], {}, grid)).toEqual([]);
  });
});
