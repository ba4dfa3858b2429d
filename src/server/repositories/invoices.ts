// Invoices: one per payment, numbered per year without gaps.
import type { Insertable, Updateable } from 'kysely';
import type { InvoiceRow, InvoicesTable } from '../db/schema.js';
import type { Executor } from './executor.js';

export async function insertInvoice(db: Executor, row: Insertable<InvoicesTable>): Promise<void> {
  await db.insertInto('invoices').values(row).execute();
}

export async function updateInvoice(
  db: Executor,
  id: string,
  patch: Updateable<InvoicesTable>,
): Promise<void> {
  await db.updateTable('invoices').set(patch).where('id', '=', id).execute();
}

export async function findInvoice(
  db: Executor,
  customerId: string,
  id: string,
): Promise<InvoiceRow | null> {
  const row = await db
    .selectFrom('invoices')
    .selectAll()
    .where('customerId', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function invoiceByProviderRef(
  db: Executor,
  providerRef: string,
): Promise<InvoiceRow | null> {
  const row = await db
    .selectFrom('invoices')
    .selectAll()
    .where('providerRef', '=', providerRef)
    .executeTakeFirst();
  return row ?? null;
}

export async function listInvoices(db: Executor, customerId: string): Promise<InvoiceRow[]> {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('customerId', '=', customerId)
    .orderBy('issuedAt', 'desc')
    .orderBy('number', 'desc')
    .execute();
}

/** The open invoice of a subscription still awaiting its payment. */
export async function openInvoiceOf(
  db: Executor,
  subscriptionId: string,
): Promise<InvoiceRow | null> {
  const row = await db
    .selectFrom('invoices')
    .selectAll()
    .where('subscriptionId', '=', subscriptionId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return row ?? null;
}

/** The next number of `year` ("2026-000042"); call it inside the transaction that inserts. */
export async function nextInvoiceNumber(db: Executor, year: number): Promise<string> {
  const prefix = `${year}-`;
  const { count } = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('number', 'like', `${prefix}%`)
    .executeTakeFirstOrThrow();
  return `${prefix}${String(Number(count) + 1).padStart(6, '0')}`;
}
