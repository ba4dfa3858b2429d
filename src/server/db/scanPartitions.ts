// The monthly partitions of the raw scans table on PostgreSQL (migration 0026): one table per UTC
// month, scans_pYYYYMM, holding scanned_at from the month's first instant up to the next's.
// Creating a month moves rows the default partition holds for it (written before the month
// existed) into it, in the same transaction, so the attach finds the default partition clean.
import { sql, type Kysely } from 'kysely';

export interface ScanPartition {
  name: string;
  /** First instant of the month (UTC). */
  from: Date;
  /** First instant of the next month. */
  to: Date;
}

const monthStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
const nextMonth = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));

export function partitionOf(at: Date): ScanPartition {
  const from = monthStart(at);
  const month = String(from.getUTCMonth() + 1).padStart(2, '0');
  return { name: `scans_p${from.getUTCFullYear()}${month}`, from, to: nextMonth(from) };
}

/** The months from `oldest`'s through `ahead` months after `now`'s. */
export function monthsFrom(oldest: Date, now: Date, ahead: number): ScanPartition[] {
  const last = partitionOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1)));
  const months: ScanPartition[] = [];
  for (let at = monthStart(oldest); at <= last.from; at = nextMonth(at)) {
    months.push(partitionOf(at));
  }
  return months;
}

/** The month partitions that exist, oldest first. */
export async function scanPartitions<DB>(db: Kysely<DB>): Promise<ScanPartition[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass('scans')`.execute(db);
  return rows
    .map((row) => /^scans_p(\d{4})(\d{2})$/.exec(row.name))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => partitionOf(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1))))
    .sort((a, b) => a.from.getTime() - b.from.getTime());
}

/** Creates a month's partition unless it exists (moving the default partition's rows of it). */
export async function createScanPartition<DB>(db: Kysely<DB>, month: ScanPartition): Promise<void> {
  const work = async (trx: Kysely<DB>) => {
    const { rows } = await sql<{ found: string | null }>`
      select to_regclass(${month.name})::text as found`.execute(trx);
    if (rows[0]?.found) return;
    const table = sql.id(month.name);
    const from = month.from.toISOString();
    const to = month.to.toISOString();
    await sql`create table ${table} (like scans including defaults)`.execute(trx);
    await sql`with moved as (
        delete from scans_default where scanned_at >= ${from} and scanned_at < ${to} returning *)
      insert into ${table} select * from moved`.execute(trx);
    await sql`alter table scans attach partition ${table}
      for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(trx);
  };
  // The migration runs in a transaction of its own already.
  await (db.isTransaction ? work(db) : db.transaction().execute(work));
}

/** Drops a month's partition with every raw row in it. */
export async function dropScanPartition<DB>(db: Kysely<DB>, month: ScanPartition): Promise<void> {
  await sql`drop table if exists ${sql.id(month.name)}`.execute(db);
}
