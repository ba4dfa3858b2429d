// The placements screen (issue 16 part 7): the QR codes of one Action side by side, each with its
// counted scans, unique visitors and share over a range, read from the rollups.
import type { Config } from '../config.js';
import type { Executor } from '../repositories/executor.js';
import type { PlacementStatistics } from '../../shared/schemas/placement.js';
import type { Actor } from '../domain/actor.js';
import { listLinkedItems } from '../repositories/actions.js';
import { actionOr404 } from './actions.js';
import { scanBaseOf, scanUrlOf } from './qrCodes.js';
import { itemTotalsIn } from './statistics.js';

export async function placementStatistics(
  db: Executor,
  config: Config,
  user: Actor,
  projectId: string,
  actionId: string,
  from: Date,
  to: Date,
): Promise<PlacementStatistics[]> {
  const { project } = await actionOr404(db, user, projectId, actionId);
  const qrCodes = (await listLinkedItems(db, project.id, actionId)).filter(
    (row) => row.type === 'qr_code',
  );
  const totals = await itemTotalsIn(
    db,
    qrCodes.map((row) => row.id),
    from,
    to,
    project.timeZone,
  );
  const base = await scanBaseOf(db, config, project.customerId);
  const sum = [...totals.values()].reduce((all, total) => all + total.scans, 0);
  return qrCodes
    .map((row) => {
      const total = totals.get(row.id) ?? { scans: 0, uniques: 0 };
      return {
        id: row.id,
        name: row.name,
        code: row.code,
        scanUrl: scanUrlOf(config, row.code, base),
        scans: total.scans,
        uniqueVisitors: total.uniques,
        share: sum > 0 ? total.scans / sum : 0,
      };
    })
    .sort((a, b) => b.scans - a.scans || a.name.localeCompare(b.name));
}
