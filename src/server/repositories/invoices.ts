// Invoices: one per payment, numbered per year without gaps.
import type { Executor } from './executor.js';
import { findRow, listRows, writesOf } from './rows.js';

export const { insert: insertInvoice, update: updateInvoice } = writesOf('invoices');

export const findInvoice = (db: Executor, customerId: string, id: string) =>
  findRow(db, 'invoices', { customerId, id });

export const invoiceByProviderRef = (db: Executor, providerRef: string) =>
  findRow(db, 'invoices', { providerRef });

export const listInvoices = (db: Executor, customerId: string) =>
  listRows(db, 'invoices', { customerId }, [
    ['issuedAt', 'desc'],
    ['number', 'desc'],
  ]);

/** The open invoice of a subscription still awaiting its payment. */
export const openInvoiceOf = (db: Executor, subscriptionId: string) =>
  findRow(db, 'invoices', { subscriptionId, status: 'open' });

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
