// Self sign-up (issue 9, part 4): a new customer in its 14-day trial with its customer admin,
// whose email address is verified with a mailed six-digit code; and the first administrator of a
// server without users (part 6), from the /setup page or `npm run admin -- create`.
import crypto from 'node:crypto';
import { ulid } from 'ulidx';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { CustomerRow, UserRow } from '../db/schema.js';
import { customerUsage } from '../repositories/customers.js';
import { EMAIL_CODE_MAX_FAILURES, EMAIL_CODE_TTL_MS } from '../../shared/constants.js';
import type { Language } from '../../shared/enums.js';
import type {
  FirstAdminInput,
  OnboardingSteps,
  RegisterInput,
  RegisterVerifyInput,
} from '../../shared/schemas/signup.js';
import { DomainError, invalidField } from '../domain/errors.js';
import {
  anyUserExists,
  countCustomerProjects,
  countEmailCodeFailure,
  deleteEmailVerification,
  findEmailVerification,
  putEmailVerification,
} from '../repositories/signup.js';
import type { Executor } from '../repositories/executor.js';
import {
  emailExists,
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
} from '../repositories/users.js';
import { hashPassword, sha256 } from '../security.js';
import { startSession, type SessionStart } from './auth.js';
import { addTrialCustomer } from './customers.js';
import type { UnitOfWork, WriteScope } from './unitOfWork.js';
import { userFlagChange } from './userChanges.js';

const emailDuplicated = () =>
  invalidField('email_duplicated', '/email', 'An account with this email address already exists');

/** The digest of a user's code: bound to the user, so equal codes of two users differ. */
const codeHashOf = (userId: string, code: string) => sha256(`${userId}:${code}`);

const newEmailCode = () => crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');

/** Stores a fresh code for the user (replacing any older one) and answers it for the mail. */
async function issueEmailCode(db: Executor, userId: string): Promise<string> {
  const code = newEmailCode();
  const now = Date.now();
  await putEmailVerification(db, {
    userId,
    codeHash: codeHashOf(userId, code),
    expiresAt: new Date(now + EMAIL_CODE_TTL_MS).toISOString(),
    createdAt: new Date(now).toISOString(),
  });
  return code;
}

interface NewUser {
  customerId: string | null;
  role: 'admin' | 'customeradmin';
  name: string;
  email: string;
  password: string;
  language: Language;
  verified: 0 | 1;
}

async function addUser({ trx, record }: Pick<WriteScope, 'trx' | 'record'>, user: NewUser) {
  if (await emailExists(trx, user.email)) throw emailDuplicated();
  const now = new Date().toISOString();
  const row = {
    id: ulid(),
    customerId: user.customerId,
    name: user.name,
    email: user.email,
    passwordHash: await hashPassword(user.password),
    role: user.role,
    language: user.language,
    avatarMediaId: null,
    verified: user.verified,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await insertUser(trx, row);
  await record({
    type: 'user',
    action: 'created',
    itemId: row.id,
    name: row.name,
    customerId: row.customerId,
  });
  return row;
}

export const firstAdminNeeded = async (db: Executor) => !(await anyUserExists(db));

/** A platform admin on any database (the admin CLI); the email must be free. */
export async function createPlatformAdmin(
  db: Db,
  input: { name: string; email: string; password: string },
  work: UnitOfWork,
): Promise<string> {
  const user = await work.run((scope) =>
    addUser(scope, {
      ...input,
      customerId: null,
      role: 'admin',
      language: 'nl',
      verified: 1,
    }),
  );
  return user.id;
}

/** The /setup page: only while the server has no user at all; signs the new admin in. */
export async function createFirstAdmin(
  db: Db,
  input: FirstAdminInput,
  language: Language,
  { work, userAgent }: { work: UnitOfWork; userAgent: string | null },
): Promise<SessionStart> {
  const exists = () =>
    new DomainError('forbidden', 'first_admin_exists', 'This server already has users');
  if (!(await firstAdminNeeded(db))) throw exists();
  const user = await work.run(async (scope) => {
    // Checked again inside the change: of two visitors racing, the second finds the first.
    if (!(await firstAdminNeeded(scope.trx))) throw exists();
    return addUser(scope, { ...input, customerId: null, role: 'admin', language, verified: 1 });
  });
  const row = await findUserById(db, user.id);
  if (!row) throw exists();
  return startSession(work, row, userAgent, new Date());
}

/**
 * POST /register: the customer (a consumer is named by their email address, a business by its
 * company name) and its unverified customer admin; answers the user and the code to mail.
 */
export async function registerCustomer(
  db: Db,
  config: Pick<Config, 'signupOpen'>,
  input: RegisterInput,
  language: Language,
  work: UnitOfWork,
): Promise<{
  user: { id: string; name: string; email: string; language: Language };
  code: string;
}> {
  if (!config.signupOpen)
    throw new DomainError('forbidden', 'signup_closed', 'Sign-up is closed on this server');
  if (await emailExists(db, input.email)) throw emailDuplicated();
  return work.run(async (scope) => {
    const customerId = await addTrialCustomer(
      scope,
      {
        name: input.customerType === 'business' ? (input.companyName ?? '') : input.email,
        adminEmail: input.email,
        customerType: input.customerType,
        vatNumber: null,
      },
      '/companyName',
    );
    const user = await addUser(scope, {
      customerId,
      role: 'customeradmin',
      name: input.name,
      email: input.email,
      password: input.password,
      language,
      verified: 0,
    });
    return { user: { ...user, language }, code: await issueEmailCode(scope.trx, user.id) };
  });
}

/** A new code for an address still waiting for verification; null for any other address. */
export async function resendEmailCode(
  db: Db,
  email: string,
): Promise<{ user: UserRow; code: string } | null> {
  const user = await findUserByEmail(db, email);
  if (!user || Number(user.verified) === 1) return null;
  return { user, code: await issueEmailCode(db, user.id) };
}

/**
 * POST /register/verify: the right code (compared in constant time, before it expires and within
 * its few tries) verifies the address and signs the user in.
 */
export async function verifyEmail(
  db: Db,
  input: RegisterVerifyInput,
  { work, userAgent }: { work: UnitOfWork; userAgent: string | null },
): Promise<SessionStart> {
  const incorrect = () =>
    invalidField('verification_code_incorrect', '/code', 'The code is not right');
  const expired = () =>
    invalidField('verification_code_expired', '/code', 'The code has expired; ask for a new one');
  const user = await findUserByEmail(db, input.email);
  const pending = user ? await findEmailVerification(db, user.id) : null;
  if (!user || !pending || Number(user.verified) === 1) throw incorrect();
  if (Date.parse(pending.expiresAt) <= Date.now() || pending.failures >= EMAIL_CODE_MAX_FAILURES)
    throw expired();
  const isRight = crypto.timingSafeEqual(
    Buffer.from(codeHashOf(user.id, input.code), 'hex'),
    Buffer.from(pending.codeHash, 'hex'),
  );
  if (!isRight) {
    await countEmailCodeFailure(db, user.id);
    throw incorrect();
  }
  const now = new Date();
  await work.as({ userId: user.id, customerId: user.customerId }).run(async ({ trx, record }) => {
    await updateUser(trx, user.id, { verified: 1, updatedAt: now.toISOString() });
    await deleteEmailVerification(trx, user.id);
    await record(userFlagChange(user, 'emailVerified', true));
  });
  return startSession(work, { ...user, verified: 1 }, userAgent, now);
}

/** Which onboarding steps the customer has taken, from what it has (nothing is stored twice). */
export async function onboardingStepsOf(
  db: Executor,
  user: Pick<UserRow, 'verified'>,
  customer: CustomerRow,
): Promise<OnboardingSteps> {
  const usage = await customerUsage(db, customer.id);
  return {
    verify_email: Number(user.verified) === 1,
    first_project: (await countCustomerProjects(db, customer.id)) > 0,
    first_qr_code: usage.qrCodes > 0,
    first_scan: usage.scans > 0,
    choose_plan: customer.planId !== null,
  };
}
