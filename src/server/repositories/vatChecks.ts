// The local cache of VAT number checks (SPEC §5).
import type { Executor } from './executor.js';
import { findRow } from './rows.js';

export interface CachedVatCheck {
  valid: boolean;
  name: string | null;
  checkedAt: string;
}

export async function findVatCheck(
  db: Executor,
  vatNumber: string,
): Promise<CachedVatCheck | null> {
  const row = await findRow(db, 'vatChecks', { vatNumber });
  return row ? { valid: Number(row.valid) === 1, name: row.name, checkedAt: row.checkedAt } : null;
}

export async function saveVatCheck(
  db: Executor,
  vatNumber: string,
  check: CachedVatCheck,
): Promise<void> {
  const values = {
    valid: check.valid ? 1 : 0,
    name: check.name,
    checkedAt: check.checkedAt,
  } as const;
  await db
    .insertInto('vatChecks')
    .values({ vatNumber, ...values })
    .onConflict((oc) => oc.column('vatNumber').doUpdateSet(values))
    .execute();
}
