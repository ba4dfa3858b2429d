// The raw scans' batch writer (repositories/analytics.ts): on PostgreSQL a batch goes in through
// COPY's text format, so every value must come back exactly as it went in, whatever characters it
// holds (tabs end a field and line ends a row there; a backslash starts an escape, and \N is
// null) and nulls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildProject, recordScans } from '../../helpers/factories.js';
import { createTestDb, type TestDb } from '../scan/helpers.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.destroy();
});

describe('scan batch writer', () => {
  it('stores every column of every row exactly, awkward characters and nulls included', async () => {
    const customerId = await buildCustomer(t.db);
    const projectId = await buildProject(t.db, { customerId });
    const awkward = [
      'a,b',
      '{braces}',
      '"quoted"',
      'back\\slash',
      "it's",
      'NULL',
      '',
      'ünïcødé 😀',
      ' spaced ',
      'tab\there',
      'line\nend',
      'carriage\rreturn',
      '\\N',
      '\\t not a tab',
      'ends with a backslash\\',
      '\\.',
    ];
    const written = await recordScans(
      t.db,
      { customerId, projectId },
      awkward.map((text, i) => ({
        scannedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        itemId: `item-${i}`.padEnd(26, '0'),
        referrer: text,
        browser: i % 2 === 0 ? null : text.slice(0, 60),
        country: i % 3 === 0 ? null : 'NL',
        isUnique: i % 2 === 0 ? 0 : 1,
        isBot: i === 4 ? 1 : 0,
        rule: i % 2 === 0 ? JSON.stringify({ label: text }) : null,
        variant: i === 1 ? text : null,
      })),
    );
    const stored = await t.db
      .selectFrom('scans')
      .selectAll()
      .where('projectId', '=', projectId)
      .orderBy('scannedAt')
      .execute();
    // PostgreSQL answers the bigserial id as a string.
    expect(stored).toEqual(written.map((row) => ({ ...row, id: expect.anything() })));
  });
});
