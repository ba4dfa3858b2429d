import { describe, expect, it } from 'vitest';
import { piecesOf } from '../../src/server/turns.js';

describe('piecesOf', () => {
  it('yields the rows in order, size at a time, with a turn of the event loop between pieces', async () => {
    const seen: string[] = [];
    for await (const piece of piecesOf([1, 2, 3, 4, 5], 2)) {
      seen.push(piece.join(','));
      setImmediate(() => seen.push('other work'));
    }
    expect(seen).toEqual(['1,2', 'other work', '3,4', 'other work', '5']);
  });

  it('yields nothing for no rows', async () => {
    const pieces: unknown[] = [];
    for await (const piece of piecesOf([], 100)) pieces.push(piece);
    expect(pieces).toEqual([]);
  });
});
