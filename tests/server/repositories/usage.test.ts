// The scan forecast's count (repositories/usage.ts): a customer's counted scans since a moment,
// from the projects' hourly rollups, so it costs the same at ten million scans as at ten, and
// still counts what retention already took from the raw rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countedScansSince } from '../../../src/server/repositories/usage.js';
import { buildCustomer, buildProject, recordScans } from '../../helpers/factories.js';
import { createTestDb, type TestDb } from '../scan/helpers.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.destroy();
});

const at = (day: number, hour: number, minute = 0) =>
  new Date(Date.UTC(2026, 10, day, hour, minute)).toISOString();

describe('countedScansSince', () => {
  it("counts the customer's counted scans of every project from the hour of `since` on", async () => {
    const customerId = await buildCustomer(t.db);
    const first = await buildProject(t.db, { customerId });
    const second = await buildProject(t.db, { customerId });
    const other = await buildCustomer(t.db);
    const elsewhere = await buildProject(t.db, { customerId: other });
    await recordScans(t.db, { customerId, projectId: first }, [
      { scannedAt: at(1, 9, 59) }, // the hour before `since`'s
      { scannedAt: at(1, 10, 5) }, // `since`'s hour, before `since`
      { scannedAt: at(1, 10, 45) },
      { scannedAt: at(20, 23, 59) },
      { scannedAt: at(20, 12), isBot: 1 },
      { scannedAt: at(20, 12), kind: 'ad_view', itemType: 'advertisement' },
    ]);
    await recordScans(t.db, { customerId, projectId: second }, [{ scannedAt: at(15, 0) }]);
    await recordScans(t.db, { customerId: other, projectId: elsewhere }, [
      { scannedAt: at(15, 0) },
    ]);

    expect(await countedScansSince(t.db, customerId, at(1, 10, 30))).toBe(4);
    expect(await countedScansSince(t.db, other, at(1, 10, 30))).toBe(1);
    expect(await countedScansSince(t.db, customerId, at(21, 0))).toBe(0);
  });

  it('still counts scans whose raw rows retention has deleted', async () => {
    const customerId = await buildCustomer(t.db);
    const projectId = await buildProject(t.db, { customerId });
    await recordScans(t.db, { customerId, projectId }, [
      { scannedAt: at(2, 8) },
      { scannedAt: at(3, 8) },
    ]);
    await t.db.deleteFrom('scans').where('projectId', '=', projectId).execute();

    expect(await countedScansSince(t.db, customerId, at(1, 0))).toBe(2);
  });
});
