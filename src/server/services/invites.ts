// Invitations (issue 9, parts 2 and 3; SPEC §4): a customer admin invites an address with a role
// and projects; the mail carries a link to /register/{token}, valid three days, of which only the
// SHA-256 digest is stored. Resending replaces the token (the old link dies), revoking closes the
// invitation, and registering with the link makes the account and signs it in.
import { ulid } from 'ulidx';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { InvitationRow, UserRow } from '../db/schema.js';
import { INVITATION_VALID_DAYS, SESSION_TTL_MS } from '../../shared/constants.js';
import type { Language, Role } from '../../shared/enums.js';
import type {
  Invitation,
  InvitationInput,
  InvitationPreview,
  InvitationState,
  RegisterTokenInput,
  Seats,
} from '../../shared/schemas/invitation.js';
import { DomainError, invalidField, notFound } from '../domain/errors.js';
import type { Actor } from '../domain/actor.js';
import type { Mailer } from '../mail.js';
import { invitationMail } from '../invitationMail.js';
import type { Executor } from '../repositories/executor.js';
import {
  customerProjectIds,
  findCustomerInvitation,
  findInvitationByTokenHash,
  findPendingInvitationFor,
  insertInvitation,
  invitationProjects,
  listCustomerInvitations,
  markInvitationAccepted,
  updateInvitation,
  type InvitationWithNames,
} from '../repositories/invitations.js';
import { insertProjectUserLink } from '../repositories/projects.js';
import { insertSession } from '../repositories/sessions.js';
import {
  countCustomerUsers,
  emailExists,
  findUserById,
  insertUser,
} from '../repositories/users.js';
import { hashPassword, randomToken, sha256 } from '../security.js';
import type { UnitOfWork } from './unitOfWork.js';
import { assertSeatFree, seatsOf } from './accounts.js';
import { accessibleCustomerOr404 } from './customers.js';
import { assertRoleAllowed, emailDuplicated } from './users.js';

const VALID_MS = INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000;

export function invitationStateOf(row: InvitationRow, now: Date): InvitationState {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return Date.parse(row.expiresAt) <= now.getTime() ? 'expired' : 'pending';
}

const languageOf = (value: string): Language => (value === 'en' ? 'en' : 'nl');

/** What a mailing needs besides the invitation itself. */
export interface InviteMailing {
  mailer: Mailer;
  config: Config;
  work: UnitOfWork;
  /** Hears why a mail could not be sent (the caller's log). */
  mailFailed: (error: unknown) => void;
}

export async function listInvitations(
  db: Db,
  actor: Actor,
  customerId: string,
): Promise<{ invitations: Invitation[]; seats: Seats }> {
  const customer = await accessibleCustomerOr404(db, actor, customerId);
  const now = new Date();
  const rows = await listCustomerInvitations(db, customer.id);
  const projects = await invitationProjects(
    db,
    rows.map((row) => row.id),
  );
  const { used, max } = await seatsOf(db, customer, now.toISOString());
  const invitations = rows.map((row): Invitation => ({
    id: row.id,
    email: row.email,
    role: row.role as Role,
    language: languageOf(row.language),
    state: invitationStateOf(row, now),
    projects: projects.get(row.id) ?? [],
    invitedBy: row.inviterName,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
  }));
  return { invitations, seats: { used, max } };
}

/**
 * Mails the link. The invitation is stored already: when the mail server fails, the caller hears
 * why and the client learns the invitation waits to be resent (503 `mail_not_sent`).
 */
async function mailInvitation(
  db: Executor,
  mailing: InviteMailing,
  invitation: { email: string; language: string; customerId: string; invitedBy: string | null },
  token: string,
  expiresAt: Date,
): Promise<void> {
  try {
    const customer = await db
      .selectFrom('customers')
      .select('name')
      .where('id', '=', invitation.customerId)
      .executeTakeFirst();
    const inviter = invitation.invitedBy ? await findUserById(db, invitation.invitedBy) : null;
    await mailing.mailer.send(
      invitationMail({
        to: invitation.email,
        language: languageOf(invitation.language),
        customerName: customer?.name ?? '',
        inviterName: inviter?.name ?? null,
        link: `${mailing.config.publicUrl}/register/${encodeURIComponent(token)}`,
        expiresAt,
      }),
    );
  } catch (error) {
    mailing.mailFailed(error);
    throw new DomainError(
      'unavailable',
      'mail_not_sent',
      'The invitation is saved, but its mail could not be sent; resend it later',
    );
  }
}

export async function inviteUser(
  db: Db,
  actor: Actor,
  customerId: string,
  input: InvitationInput,
  mailing: InviteMailing,
): Promise<string> {
  assertRoleAllowed(actor, input.role);
  const id = ulid();
  const token = randomToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + VALID_MS);
  const row = {
    id,
    customerId,
    email: input.email,
    role: input.role,
    language: input.language,
    tokenHash: sha256(token),
    invitedBy: actor.id,
    expiresAt: expiresAt.toISOString(),
    acceptedAt: null,
    revokedAt: null,
    createdAt: now.toISOString(),
  };
  await mailing.work.run(async ({ trx, record }) => {
    const customer = await accessibleCustomerOr404(trx, actor, customerId);
    if (await emailExists(trx, input.email)) throw emailDuplicated();
    if (await findPendingInvitationFor(trx, customer.id, input.email, now.toISOString())) {
      throw invalidField(
        'email_already_invited',
        '/email',
        'This address already has an open invitation',
      );
    }
    const own = await customerProjectIds(trx, customer.id, input.projectIds);
    const foreign = input.projectIds.findIndex((projectId) => !own.has(projectId));
    if (foreign >= 0) {
      throw invalidField('invalid', `/projectIds/${foreign}`, 'This project does not exist');
    }
    await assertSeatFree(trx, customer, now);
    await insertInvitation(trx, row, input.projectIds);
    await record({
      type: 'invite',
      action: 'invited',
      itemId: id,
      name: input.email,
      customerId: customer.id,
      changes: { role: input.role, projectIds: input.projectIds },
    });
  });
  await mailInvitation(db, mailing, row, token, expiresAt);
  return id;
}

/** The customer's invitation, or invite_not_found (also for another customer's id). */
async function invitationOr404(db: Executor, actor: Actor, customerId: string, id: string) {
  const customer = await accessibleCustomerOr404(db, actor, customerId);
  const row = await findCustomerInvitation(db, customer.id, id);
  if (!row) throw notFound('invite_not_found');
  return { customer, row };
}

const closed = () =>
  invalidField('invite_closed', '/id', 'This invitation was already accepted or revoked');

/** A new link, valid three days again; the old one stops working. */
export async function resendInvitation(
  db: Db,
  actor: Actor,
  customerId: string,
  id: string,
  mailing: InviteMailing,
): Promise<void> {
  const token = randomToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + VALID_MS);
  const invitation = await mailing.work.run(async ({ trx, record }) => {
    const { customer, row } = await invitationOr404(trx, actor, customerId, id);
    const state = invitationStateOf(row, now);
    if (state === 'accepted' || state === 'revoked') throw closed();
    // An expired invitation held no seat; sending it again takes one.
    if (state === 'expired') await assertSeatFree(trx, customer, now);
    await updateInvitation(trx, id, {
      tokenHash: sha256(token),
      expiresAt: expiresAt.toISOString(),
    });
    await record({
      type: 'invite',
      action: 'resend',
      itemId: id,
      name: row.email,
      customerId: row.customerId,
    });
    return row;
  });
  await mailInvitation(db, mailing, invitation, token, expiresAt);
}

export async function revokeInvitation(
  db: Db,
  actor: Actor,
  customerId: string,
  id: string,
  work: UnitOfWork,
): Promise<void> {
  const now = new Date();
  await work.run(async ({ trx, record }) => {
    const { row } = await invitationOr404(trx, actor, customerId, id);
    const state = invitationStateOf(row, now);
    if (state === 'accepted' || state === 'revoked') throw closed();
    await updateInvitation(trx, id, { revokedAt: now.toISOString() });
    await record({
      type: 'invite',
      action: 'revoked',
      itemId: id,
      name: row.email,
      customerId: row.customerId,
    });
  });
}

/**
 * The open invitation of a mailed token. The token is only ever looked up by its SHA-256 digest,
 * so the lookup's timing says nothing about how much of a guess was right. Unknown, used and
 * revoked links answer `duplicated_token`; an expired one `hash_expired`, with who to ask for a
 * new one.
 */
async function openInvitationOf(db: Executor, token: string, now: Date) {
  const row = await findInvitationByTokenHash(db, sha256(token));
  if (!row || row.acceptedAt || row.revokedAt) {
    throw invalidField('duplicated_token', '/token', 'This invitation link can no longer be used');
  }
  if (invitationStateOf(row, now) === 'expired') {
    throw invalidField('hash_expired', '/token', 'This invitation link has expired', {
      customerName: row.customerName,
      inviterName: row.inviterName,
      inviterEmail: row.inviterEmail,
    });
  }
  return row;
}

export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const row = await openInvitationOf(db, token, new Date());
  return { customerName: row.customerName, email: row.email };
}

export interface AcceptResult {
  /** The session cookie value; only its digest is stored. */
  sessionToken: string;
  user: UserRow;
}

/** Makes the account of the invitation, links its projects and signs it in. */
export async function acceptInvitation(
  db: Db,
  token: string,
  input: RegisterTokenInput,
  { work, userAgent }: { work: UnitOfWork; userAgent: string | null },
): Promise<AcceptResult> {
  const now = new Date();
  const invitation: InvitationWithNames = await openInvitationOf(db, token, now);
  const passwordHash = await hashPassword(input.password);
  const userId = ulid();
  const sessionToken = randomToken();
  const at = now.toISOString();
  await work.as({ userId, customerId: invitation.customerId }).run(async ({ trx, record }) => {
    if (!(await markInvitationAccepted(trx, invitation.id, at))) {
      throw invalidField('duplicated_token', '/token', 'This invitation link was already used');
    }
    if (await emailExists(trx, invitation.email)) throw emailDuplicated();
    const customer = await trx
      .selectFrom('customers')
      .select('maxUsers')
      .where('id', '=', invitation.customerId)
      .executeTakeFirstOrThrow();
    const max = Number(customer.maxUsers);
    if (max !== -1 && (await countCustomerUsers(trx, invitation.customerId)) >= max) {
      throw new DomainError(
        'forbidden',
        'user_limit_reached',
        `The plan allows ${max} users; ask the inviter to make room`,
        undefined,
        { max },
      );
    }
    await insertUser(trx, {
      id: userId,
      customerId: invitation.customerId,
      name: input.name,
      email: invitation.email,
      passwordHash,
      role: invitation.role,
      language: invitation.language,
      avatarMediaId: null,
      verified: 1,
      deletedAt: null,
      createdAt: at,
      updatedAt: at,
    });
    const projects = (await invitationProjects(trx, [invitation.id])).get(invitation.id) ?? [];
    for (const project of projects) {
      await insertProjectUserLink(trx, {
        projectId: project.id,
        userId,
        canManage: 0,
        createdAt: at,
      });
    }
    await insertSession(trx, {
      id: sha256(sessionToken),
      userId,
      logoutToken: null,
      userAgent: userAgent?.slice(0, 255) ?? null,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
      lastSeenAt: at,
      createdAt: at,
    });
    await record({
      type: 'invite',
      action: 'accepted',
      itemId: invitation.id,
      name: invitation.email,
      changes: { projectIds: projects.map((project) => project.id) },
    });
    await record({ type: 'user', action: 'created', itemId: userId, name: input.name });
    await record({ type: 'user', action: 'login', itemId: userId, name: input.name });
  });
  const user = await findUserById(db, userId);
  if (!user) throw notFound('user_not_found');
  return { sessionToken, user };
}
