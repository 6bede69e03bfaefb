// A spill file is read back a chunk at a time (packageSpill.ts): a line cut by a chunk's end, even
// inside a multi-byte character, comes back whole, and the last line needs no newline. The demo's
// round trip (packageRoundTrip.test.ts) carries spills smaller than a chunk, so this holds it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '@gs/simulator-fixtures/testSupport';
import { SPILL_CHUNK, forEachLineSync } from './packageSpill';

const data = tempDir('spill-lines');
afterAll(() => data.remove());

describe('spill files read back', () => {
  it('gives every line whole across chunk ends, multi-byte characters included', () => {
    // the first line ends one byte into a three-byte character that straddles the first chunk's end;
    // the second is longer than a chunk, the third ends the file without a newline
    const first = `${'a'.repeat(SPILL_CHUNK - 1)}€b`;
    const second = `{"x":"${'é'.repeat(SPILL_CHUNK)}"}`;
    const lines = [first, second, '', 'last'];
    const path = join(data.dir, 'lines.ndjson');
    writeFileSync(path, lines.join('\n'));
    const read: string[] = [];
    forEachLineSync(path, (line) => read.push(line));
    expect(read).toEqual([first, second, 'last']);
  });
});
