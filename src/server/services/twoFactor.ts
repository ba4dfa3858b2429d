// Two-factor sign-in with TOTP (RFC 6238: 30-second steps, six digits, otplib): set up by
// scanning the otpauth URL and confirming one code, ten one-time recovery codes stored as
// digests, turned off with the password or a code, and a customer's requirement.
import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { ulid } from 'ulidx';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { RECOVERY_CODE_COUNT } from '../../shared/constants.js';
import type {
  TwoFactorDisableInput,
  TwoFactorSetup,
  TwoFactorState,
} from '../../shared/schemas/twoFactor.js';
import type { Self } from '../../shared/schemas/auth.js';
import type { Actor } from '../domain/actor.js';
import { toSelf } from './presenters.js';
import { DomainError, invalidField, unauthenticated } from '../domain/errors.js';
import type { Executor } from '../repositories/executor.js';
import {
  claimTimeStep,
  countUnusedRecoveryCodes,
  customerRequiresTwoFactor,
  deleteRecoveryCodes,
  enableTwoFactor,
  replaceRecoveryCodes,
  setCustomerRequiresTwoFactor,
  setTwoFactor,
  useRecoveryCode,
} from '../repositories/twoFactor.js';
import { findUserById } from '../repositories/users.js';
import { sha256, verifyPassword } from '../security.js';
import { accessibleCustomerOr404 } from './customers.js';
import type { UnitOfWork } from './unitOfWork.js';
import { userChange, userFlagChange } from './userChanges.js';

export const TOTP_ISSUER = 'QR Hub';
/** One step before and after the current one: a phone clock a little off still works. */
const EPOCH_TOLERANCE_S = 30;

const codeIncorrect = (pointer: string) =>
  invalidField('two_factor_code_incorrect', pointer, 'The code is not right');

const alreadyEnabled = () =>
  new DomainError('bad_request', 'two_factor_already_enabled', 'Two-step sign-in is already on');

export const isTwoFactorOn = (user: Pick<UserRow, 'twoFactorEnabledAt'>) =>
  user.twoFactorEnabledAt !== null;

/**
 * Whether `code` is the user's current TOTP code and has not been used before; a right code is
 * used up by this check (its time step is stored).
 */
export async function acceptTotpCode(db: Executor, user: UserRow, code: string): Promise<boolean> {
  if (!user.twoFactorSecret) return false;
  const result = await verify({
    secret: user.twoFactorSecret,
    token: code,
    epochTolerance: EPOCH_TOLERANCE_S,
    ...(user.twoFactorLastStep !== null ? { afterTimeStep: Number(user.twoFactorLastStep) } : {}),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  return claimTimeStep(db, user.id, result.timeStep);
}

/** Recovery codes are read off paper: case, spaces and dashes do not matter. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

export async function acceptRecoveryCode(
  db: Executor,
  userId: string,
  code: string,
): Promise<boolean> {
  const normalised = normaliseRecoveryCode(code);
  if (!normalised) return false;
  return useRecoveryCode(db, userId, sha256(normalised), new Date().toISOString());
}

/** Ten codes like "k7m2q-x9p4w": 50 random bits each, easy to type. */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[crypto.randomInt(alphabet.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

async function userOf(db: Executor, actor: Actor): Promise<UserRow> {
  const user = await findUserById(db, actor.id);
  if (!user) throw unauthenticated();
  return user;
}

export async function twoFactorStateOf(db: Executor, user: UserRow): Promise<TwoFactorState> {
  return {
    enabled: isTwoFactorOn(user),
    required: await customerRequiresTwoFactor(db, user.customerId),
    recoveryCodesLeft: isTwoFactorOn(user) ? await countUnusedRecoveryCodes(db, user.id) : 0,
  };
}

/** Self with the two-step sign-in state the dashboard needs to send a user to set it up. */
export async function selfWithTwoFactor(db: Executor, user: UserRow): Promise<Self> {
  return {
    ...toSelf(user),
    twoFactor: {
      enabled: isTwoFactorOn(user),
      required: await customerRequiresTwoFactor(db, user.customerId),
    },
  };
}

/** Step one: a new secret, kept but not in force until a code from it is confirmed. */
export async function startTwoFactorSetup(
  db: Db,
  actor: Actor,
  work: UnitOfWork,
): Promise<TwoFactorSetup> {
  const user = await userOf(db, actor);
  if (isTwoFactorOn(user)) throw alreadyEnabled();
  const secret = generateSecret();
  await work.run(async ({ trx, record }) => {
    await setTwoFactor(
      trx,
      user.id,
      { secret, enabledAt: null, lastStep: null },
      new Date().toISOString(),
    );
    await record(userChange(user, 'updated', { changes: { twoFactorSetup: 'started' } }));
  });
  return { secret, otpauthUrl: generateURI({ issuer: TOTP_ISSUER, label: user.email, secret }) };
}

/** Step two: a right code turns it on and answers the recovery codes, shown this once. */
export async function confirmTwoFactor(
  db: Db,
  actor: Actor,
  code: string,
  work: UnitOfWork,
): Promise<{ recoveryCodes: string[]; user: UserRow }> {
  const user = await userOf(db, actor);
  if (isTwoFactorOn(user)) throw alreadyEnabled();
  if (!user.twoFactorSecret)
    throw new DomainError('bad_request', 'two_factor_not_enabled', 'Start the set-up first');
  const recoveryCodes = newRecoveryCodes();
  await work.run(async ({ trx, record }) => {
    if (!(await acceptTotpCode(trx, user, code))) throw codeIncorrect('/code');
    const now = new Date().toISOString();
    await enableTwoFactor(trx, user.id, now);
    await replaceRecoveryCodes(
      trx,
      user.id,
      recoveryCodes.map((value) => ({
        id: ulid(),
        codeHash: sha256(normaliseRecoveryCode(value)),
      })),
      now,
    );
    await record(userFlagChange(user, 'twoFactor', true));
  });
  return { recoveryCodes, user };
}

/** Turns it off after the password or a current code proves the owner is at the keyboard. */
export async function disableTwoFactor(
  db: Db,
  actor: Actor,
  input: TwoFactorDisableInput,
  work: UnitOfWork,
): Promise<UserRow> {
  const user = await userOf(db, actor);
  if (!isTwoFactorOn(user))
    throw new DomainError('bad_request', 'two_factor_not_enabled', 'Two-step sign-in is not on');
  await work.run(async ({ trx, record }) => {
    if (input.code !== undefined) {
      if (!(await acceptTotpCode(trx, user, input.code))) throw codeIncorrect('/code');
    } else if (!(await verifyPassword(user.passwordHash, input.password ?? ''))) {
      throw invalidField('incorrect_password', '/password', 'The password is incorrect');
    }
    await setTwoFactor(
      trx,
      user.id,
      { secret: null, enabledAt: null, lastStep: null },
      new Date().toISOString(),
    );
    await deleteRecoveryCodes(trx, user.id);
    await record(userFlagChange(user, 'twoFactor', false));
  });
  return user;
}

/** A customer admin (or a platform admin) requires it of every user of the customer. */
export async function setTwoFactorPolicy(
  db: Db,
  actor: Actor,
  customerId: string,
  required: boolean,
  work: UnitOfWork,
): Promise<void> {
  const customer = await accessibleCustomerOr404(db, actor, customerId);
  const was = Number(customer.requireTwoFactor) === 1;
  await work.as({ customerId: customer.id }).run(async ({ trx, record }) => {
    await setCustomerRequiresTwoFactor(trx, customer.id, required, new Date().toISOString());
    await record({
      type: 'customer',
      action: 'updated',
      itemId: customer.id,
      name: customer.name,
      before: { requireTwoFactor: was },
      after: { requireTwoFactor: required },
    });
  });
}
