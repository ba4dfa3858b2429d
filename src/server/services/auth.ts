// Login with throttling, logout flows, password change and recovery by mailed link.
import { ulid } from 'ulidx';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import {
  PASSWORD_RESET_TTL_MS,
  PENDING_LOGIN_TTL_MS,
  SESSION_TTL_MS,
} from '../../shared/constants.js';
import { isRole } from '../../shared/permissions.js';
import type { LoginInput, PasswordChangeInput, RecoveryInput } from '../../shared/schemas/auth.js';
import type { TwoFactorLoginInput } from '../../shared/schemas/twoFactor.js';
import type { Executor } from '../repositories/executor.js';
import {
  deletePendingLogin,
  findPendingLogin,
  insertPendingLogin,
} from '../repositories/twoFactor.js';
import { acceptRecoveryCode, acceptTotpCode, isTwoFactorOn } from './twoFactor.js';
import { DomainError, invalidField, tooManyAttempts, unauthenticated } from '../domain/errors.js';
import type { Mailer } from '../mail.js';
import { userChange } from './userChanges.js';
import type { UnitOfWork } from './unitOfWork.js';
import { loginThrottle } from './loginThrottle.js';
import {
  findUsablePasswordReset,
  insertPasswordReset,
  markPasswordResetUsed,
  revokePasswordResets,
} from '../repositories/passwordResets.js';
import {
  deleteSession,
  deleteUserSessions,
  findSessionByLogoutToken,
  insertSession,
  setLogoutToken,
} from '../repositories/sessions.js';
import { findUserByEmail, findUserById, updateUser } from '../repositories/users.js';
import {
  dummyPasswordHash,
  hashPassword,
  randomToken,
  sha256,
  verifyPassword,
} from '../security.js';

/** A signed-in user: the cookie value (only its digest is stored) and the user. */
export interface SessionStart {
  token: string;
  user: UserRow;
}

/** The password was right and the account asks for a second factor: a pending-login token. */
export interface SecondFactorNeeded {
  pendingToken: string;
}

export type LoginResult =
  ({ kind: 'session' } & SessionStart) | ({ kind: 'two_factor' } & SecondFactorNeeded);

interface LoginContext {
  ip: string;
  work: UnitOfWork;
  userAgent: string | null;
}

const incorrectCredentials = () =>
  new DomainError(
    'unauthenticated',
    'incorrect_email_password',
    'The email address or password is incorrect',
  );

/** Opens a session and writes the login audit row (how the user proved it is in `changes`). */
export async function startSession(
  work: UnitOfWork,
  user: UserRow,
  userAgent: string | null,
  now: Date,
  changes?: Record<string, unknown>,
  before?: (trx: Executor) => Promise<void>,
): Promise<SessionStart> {
  const token = randomToken();
  await work.as({ userId: user.id, customerId: user.customerId }).run(async ({ trx, record }) => {
    await before?.(trx);
    await insertSession(trx, {
      id: sha256(token),
      userId: user.id,
      logoutToken: null,
      userAgent: userAgent?.slice(0, 255) ?? null,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
      lastSeenAt: now.toISOString(),
      createdAt: now.toISOString(),
    });
    await record({ type: 'user', action: 'login', itemId: user.id, name: user.name, changes });
  });
  return { token, user };
}

export async function login(
  db: Db,
  input: LoginInput,
  { ip, work, userAgent }: LoginContext,
): Promise<LoginResult> {
  const now = new Date();
  const throttle = loginThrottle(db, input.email, ip, now);
  const waitMs = await throttle.waitMs();
  if (waitMs > 0) throw tooManyAttempts(Math.ceil(waitMs / 1000));

  const user = await findUserByEmail(db, input.email);
  const isCorrect = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyPassword(await dummyPasswordHash(), input.password).then(() => false);
  if (!user || !isCorrect || !isRole(user.role)) {
    await throttle.failed();
    throw incorrectCredentials();
  }
  await throttle.succeeded();
  // Only the owner of the password learns that the address still waits for its code.
  if (Number(user.verified) !== 1)
    throw new DomainError(
      'forbidden',
      'user_account_not_verified',
      'Verify your email address with the code we mailed first',
    );

  if (isTwoFactorOn(user)) {
    const pendingToken = randomToken();
    await insertPendingLogin(db, {
      id: sha256(pendingToken),
      userId: user.id,
      userAgent: userAgent?.slice(0, 255) ?? null,
      expiresAt: new Date(now.getTime() + PENDING_LOGIN_TTL_MS).toISOString(),
      createdAt: now.toISOString(),
    });
    return { kind: 'two_factor', pendingToken };
  }
  return { kind: 'session', ...(await startSession(work, user, userAgent, now)) };
}

/**
 * The second sign-in step: the pending login of the cookie and a current TOTP code or an unused
 * recovery code. Wrong codes are throttled like wrong passwords, per account and address.
 */
export async function loginWithSecondFactor(
  db: Db,
  pendingToken: string | undefined,
  input: TwoFactorLoginInput,
  { ip, work, userAgent }: LoginContext,
): Promise<SessionStart> {
  const now = new Date();
  const expired = () =>
    new DomainError(
      'unauthenticated',
      'two_factor_login_expired',
      'The sign-in took too long; start again with the password',
    );
  const pendingId = pendingToken ? sha256(pendingToken) : null;
  const pending = pendingId ? await findPendingLogin(db, pendingId, now.toISOString()) : null;
  const user = pending ? await findUserById(db, pending.userId) : null;
  if (!pendingId || !user || !isTwoFactorOn(user)) throw expired();

  const throttle = loginThrottle(db, user.email, ip, now, 'two_factor');
  const waitMs = await throttle.waitMs();
  if (waitMs > 0) throw tooManyAttempts(Math.ceil(waitMs / 1000));
  const isCorrect =
    input.code !== undefined
      ? await acceptTotpCode(db, user, input.code)
      : await acceptRecoveryCode(db, user.id, input.recoveryCode ?? '');
  if (!isCorrect) {
    await throttle.failed();
    throw invalidField(
      'two_factor_code_incorrect',
      input.code !== undefined ? '/code' : '/recoveryCode',
      'The code is not right',
    );
  }
  await throttle.succeeded();
  return startSession(
    work,
    user,
    userAgent ?? pending?.userAgent ?? null,
    now,
    { secondFactor: input.code !== undefined ? 'app' : 'recovery_code' },
    (trx) => deletePendingLogin(trx, pendingId),
  );
}

/** Step one of the logout flow: a one-time token bound to this session. */
export async function createLogoutFlow(db: Db, sessionId: string): Promise<string> {
  const logoutToken = randomToken();
  await setLogoutToken(db, sessionId, sha256(logoutToken));
  return logoutToken;
}

/** Step two: ends the session the token belongs to. */
export async function completeLogout(db: Db, logoutToken: string, work: UnitOfWork): Promise<void> {
  const session = await findSessionByLogoutToken(db, sha256(logoutToken));
  if (!session) {
    throw invalidField('invalid', '/logout_token', 'The logout token is unknown or already used');
  }
  const user = await findUserById(db, session.userId);
  await work
    .as({ userId: session.userId, customerId: user?.customerId ?? null })
    .run(async ({ trx, record }) => {
      await deleteSession(trx, session.id);
      await record({
        type: 'user',
        action: 'logout',
        itemId: session.userId,
        name: user?.name ?? null,
      });
    });
}

/** Checks the current password, stores the new one and ends the user's other sessions. */
export async function changePassword(
  db: Db,
  userId: string,
  currentSessionId: string | null,
  input: PasswordChangeInput,
  work: UnitOfWork,
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthenticated();
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw invalidField(
      'incorrect_password',
      '/currentPassword',
      'The current password is incorrect',
    );
  }
  const passwordHash = await hashPassword(input.password);
  await work.run(async ({ trx, record }) => {
    const now = new Date().toISOString();
    await updateUser(trx, userId, { passwordHash, updatedAt: now });
    await deleteUserSessions(trx, userId, currentSessionId ?? undefined);
    await revokePasswordResets(trx, userId, now);
    await record(
      userChange({ id: userId, name: user.name }, 'updated', { changes: { fields: ['password'] } }),
    );
  });
}

/**
 * Mails a reset link when the address has an account. Callers answer 204 at once, before this
 * work is done, for known and unknown addresses alike (so neither the answer nor its timing
 * reveals an account); a failure is only logged.
 */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  config: Config,
  email: string,
  work: UnitOfWork,
): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const token = randomToken();
  const now = new Date();
  await work.as({ customerId: user.customerId }).run(async ({ trx, record }) => {
    // Only the newest link works: an older one in a mailbox someone else reads is dead.
    await revokePasswordResets(trx, user.id, now.toISOString());
    await insertPasswordReset(trx, {
      id: ulid(),
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
      createdAt: now.toISOString(),
    });
    await record(userChange(user, 'send', { changes: { mail: 'password_reset' } }));
  });
  const link = `${config.publicUrl}/recovery?token=${encodeURIComponent(token)}`;
  const dutch = user.language !== 'en';
  await mailer.send({
    to: user.email,
    subject: dutch ? 'Stel je wachtwoord opnieuw in' : 'Reset your password',
    text: dutch
      ? `Hallo ${user.name},\n\nKies een nieuw wachtwoord via deze link (1 uur geldig):\n${link}\n\nHeb je dit niet aangevraagd? Dan kun je deze mail negeren.`
      : `Hello ${user.name},\n\nChoose a new password with this link (valid for 1 hour):\n${link}\n\nDid not ask for this? Then ignore this mail.`,
  });
}

/** Sets a new password from a mailed link; the link works once and ends every session. */
export async function recoverPassword(
  db: Db,
  input: RecoveryInput,
  work: UnitOfWork,
): Promise<UserRow> {
  const now = new Date().toISOString();
  const expired = () =>
    invalidField('hash_expired', '/token', 'The password reset link has expired');
  const reset = await findUsablePasswordReset(db, sha256(input.token), now);
  if (!reset) throw expired();
  const user = await findUserById(db, reset.userId);
  if (!user) throw expired();
  const passwordHash = await hashPassword(input.password);
  await work.as({ userId: user.id, customerId: user.customerId }).run(async ({ trx, record }) => {
    if (!(await markPasswordResetUsed(trx, reset.id, now))) throw expired();
    await revokePasswordResets(trx, user.id, now);
    await updateUser(trx, user.id, { passwordHash, updatedAt: now });
    await deleteUserSessions(trx, user.id);
    await record(userChange(user, 'updated', { changes: { fields: ['password'] } }));
  });
  return user;
}
