// The raw-scan CSV export is streamed and bounded: it asks the database for one chunk at a time,
// stops asking once the row limit is reached, and says so in its last line; a range holding
// exactly the limit is not cut. On the real database, with a small limit and chunk size.
import { ulid } from 'ulidx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawScanChunk, rawScanChunks } from '../../../src/server/repositories/analytics.js';
import { rawScanCsv } from '../../../src/server/services/statisticsCsv.js';
import { recordScans } from '../../helpers/factories.js';
import { createTestDb, type TestDb } from '../scan/helpers.js';

let t: TestDb;
const customerId = ulid();
const projectId = ulid();
const times = Array.from({ length: 10 }, (_, i) =>
  new Date(Date.UTC(2026, 0, 16, 21, i)).toISOString(),
);

beforeAll(async () => {
  t = await createTestDb();
  await recordScans(
    t.db,
    { customerId, projectId },
    times.map((scannedAt) => ({ scannedAt })),
  );
});
afterAll(async () => {
  await t.destroy();
});

/** The export's text, and how many chunks it asked the database for. */
async function exportOf(limit: number) {
  let asked = 0;
  async function* counted() {
    const range = { projectId, from: times[0], to: times[times.length - 1] };
    for await (const chunk of rawScanChunks(
      (after, limit) => rawScanChunk(t.db, range, after, limit),
      2,
    )) {
      asked++;
      yield chunk;
    }
  }
  let text = '';
  for await (const part of rawScanCsv(counted(), 'Europe/Amsterdam', limit)) text += part;
  return { lines: text.trimEnd().split('\r\n'), asked };
}

describe('the raw-scan CSV export', () => {
  it('stops at the row limit, says so, and reads no further chunk', async () => {
    const { lines, asked } = await exportOf(5);
    expect(lines[0]).toBe(
      'scannedAt,itemType,itemId,kind,device,os,browser,country,referrer,isUnique,isBot,scannedAtLocal',
    );
    expect(lines.slice(1, 6).map((line) => line.split(',')[0])).toEqual(times.slice(0, 5));
    // 22:00 in Amsterdam (winter, +01:00).
    expect(lines[1].endsWith(',2026-01-16T22:00+01:00')).toBe(true);
    expect(lines.slice(6)).toEqual(['# truncated at 5 rows']);
    // Chunks of two: the third holds the fifth row and shows there is more; the last two stay unread.
    expect(asked).toBe(3);
  });

  it('writes every row of a range holding exactly the limit, uncut', async () => {
    const { lines, asked } = await exportOf(10);
    expect(lines).toHaveLength(11);
    expect(lines.at(-1)?.split(',')[0]).toBe(times[9]);
    expect(asked).toBe(5);
  });
});
