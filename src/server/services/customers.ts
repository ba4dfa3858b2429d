// Customers: creation with a trial, edits, the admin "manage" limits, registration progress and
// deletion, each in one transaction with its audit row.
import { ulid } from 'ulidx';
import type { Db } from '../db/database.js';
import type { CustomerRow } from '../db/schema.js';
import { TRIAL_DAYS, TRIAL_LIMITS } from '../../shared/constants.js';
import type {
  CustomerInput,
  CustomerLimits,
  RegistrationProgressInput,
} from '../../shared/schemas/customer.js';
import type { z } from 'zod';
import type { customerUpdateSchema } from '../../shared/schemas/customer.js';
import { forbidden, invalidField, notFound } from '../domain/errors.js';
import type { Actor } from '../domain/actor.js';
import type { ChangeRecord, UnitOfWork, WriteScope } from './unitOfWork.js';
import type { AuditAction } from '../../shared/enums.js';
import {
  customerNameTaken,
  deleteCustomer,
  findCustomer,
  insertCustomer,
  updateCustomer,
} from '../repositories/customers.js';
import type { Executor } from '../repositories/executor.js';

type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Admins reach every customer; everyone else only their own, and other ids answer 404. */
export async function accessibleCustomerOr404(
  db: Executor,
  user: Actor,
  id: string,
): Promise<CustomerRow> {
  if (user.role !== 'admin' && user.customerId !== id) throw notFound('customer_not_found');
  const customer = await findCustomer(db, id);
  if (!customer) throw notFound('customer_not_found');
  return customer;
}

/** The audit row of a change to the customer itself, filed under that customer. */
const customerChange = (
  customer: { id: string; name: string },
  action: AuditAction,
  changes?: Record<string, unknown>,
): ChangeRecord => ({
  type: 'customer',
  action,
  itemId: customer.id,
  name: customer.name,
  customerId: customer.id,
  ...(changes ? { changes } : {}),
});

const nameDuplicated = (pointer = '/name') =>
  invalidField('customername_duplicated', pointer, 'A customer with this name already exists');

export async function createCustomer(
  db: Db,
  input: CustomerInput,
  work: UnitOfWork,
): Promise<string> {
  return work.run((scope) => addTrialCustomer(scope, input));
}

/** A new customer in its 14-day trial, inside a change already under way (also self sign-up). */
export async function addTrialCustomer(
  { trx, record }: Pick<WriteScope, 'trx' | 'record'>,
  input: Pick<CustomerInput, 'name' | 'adminEmail' | 'customerType' | 'vatNumber'>,
  namePointer = '/name',
): Promise<string> {
  const id = ulid();
  if (await customerNameTaken(trx, input.name)) throw nameDuplicated(namePointer);
  const now = new Date();
  await insertCustomer(trx, {
    id,
    name: input.name,
    adminEmail: input.adminEmail,
    customerType: input.customerType,
    vatNumber: input.vatNumber,
    trialEndAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
    progressDone: 0,
    subscriptionStatus: 'trial',
    planId: null,
    billingPeriod: null,
    ...TRIAL_LIMITS,
    deletedAt: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  });
  await record(customerChange({ id, name: input.name }, 'created'));
  return id;
}

export async function editCustomer(
  db: Db,
  user: Actor,
  id: string,
  input: CustomerUpdate,
  work: UnitOfWork,
): Promise<void> {
  await work.run(async ({ trx, record }) => {
    const customer = await accessibleCustomerOr404(trx, user, id);
    if (input.name !== undefined && (await customerNameTaken(trx, input.name, id)))
      throw nameDuplicated();
    const patch = Object.fromEntries(
      Object.entries(input).filter(([, value]) => value !== undefined),
    ) as CustomerUpdate;
    await updateCustomer(trx, id, { ...patch, updatedAt: new Date().toISOString() });
    const name = input.name ?? customer.name;
    await record(customerChange({ id, name }, 'updated', { fields: Object.keys(patch) }));
  });
}

export async function setCustomerLimits(
  db: Db,
  user: Actor,
  id: string,
  input: CustomerLimits,
  work: UnitOfWork,
): Promise<void> {
  await work.run(async ({ trx, record }) => {
    const customer = await accessibleCustomerOr404(trx, user, id);
    await updateCustomer(trx, id, { ...input, updatedAt: new Date().toISOString() });
    await record(customerChange(customer, 'updated', { limits: input }));
  });
}

/** Customer admins mark their registration done; only admins move the trial end. */
export async function setRegistrationProgress(
  db: Db,
  user: Actor,
  id: string,
  input: RegistrationProgressInput,
  work: UnitOfWork,
): Promise<void> {
  if (input.trialEndAt !== undefined && user.role !== 'admin') throw forbidden();
  await work.run(async ({ trx, record }) => {
    const customer = await accessibleCustomerOr404(trx, user, id);
    await updateCustomer(trx, id, {
      progressDone: input.done ? 1 : 0,
      ...(input.trialEndAt !== undefined ? { trialEndAt: input.trialEndAt } : {}),
      updatedAt: new Date().toISOString(),
    });
    await record(customerChange(customer, 'updated', { progress: input }));
  });
}

export async function removeCustomer(
  db: Db,
  user: Actor,
  id: string,
  work: UnitOfWork,
): Promise<void> {
  await work.run(async ({ trx, record }) => {
    const customer = await accessibleCustomerOr404(trx, user, id);
    await deleteCustomer(trx, id);
    await record(customerChange(customer, 'deleted'));
  });
}
