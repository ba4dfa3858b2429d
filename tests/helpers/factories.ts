// Small factories for rows a test needs beyond the demo seed.
import type { FastifyInstance } from 'fastify';
import { ulid } from 'ulidx';
import type { DomainEvent } from '../../src/server/events/bus.js';
import type { Db } from '../../src/server/db/database.js';
import type { Role } from '../../src/shared/enums.js';
import { hashPassword } from '../../src/server/security.js';

export async function buildUser(
  db: Db,
  overrides: {
    customerId: string | null;
    role?: Role;
    email?: string;
    name?: string;
    password?: string;
  },
): Promise<{ id: string; email: string; password: string }> {
  const id = ulid();
  const email = overrides.email ?? `user-${id.toLowerCase()}@example.com`;
  const password = overrides.password ?? 'secret-pass-1';
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      id,
      customerId: overrides.customerId,
      name: overrides.name ?? 'Test User',
      email,
      passwordHash: await hashPassword(password),
      role: overrides.role ?? 'user',
      language: 'en',
      avatarMediaId: null,
      verified: 1,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return { id, email, password };
}

export async function buildProject(
  db: Db,
  overrides: { customerId: string; name?: string; trashedAt?: string | null },
): Promise<string> {
  const id = ulid();
  const now = new Date().toISOString();
  await db
    .insertInto('projects')
    .values({
      id,
      customerId: overrides.customerId,
      name: overrides.name ?? 'Test project',
      description: null,
      access: '0',
      tracking: 1,
      maxQrCodes: -1,
      maxScans: -1,
      maxStorage: -1,
      maxShortLinks: -1,
      usedScans: 0,
      usedStorage: 0,
      trashedAt: overrides.trashedAt ?? null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}

/** A committed change as the unit of work publishes it; `type` and what differs are given. */
export function domainEvent(
  type: DomainEvent['type'],
  fields: Partial<Omit<DomainEvent, 'type'>> = {},
): DomainEvent {
  return {
    type,
    action: 'updated',
    customerId: null,
    projectId: null,
    ids: [],
    codes: [],
    ...fields,
  };
}

/** A link Action and a QR code using it, made through the API as the dashboard does. */
export async function linkQrCodeThroughApi(
  app: FastifyInstance,
  cookie: string,
  projectId: string,
  link: string,
): Promise<{ id: string; code: string; actionId: string }> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/qr-codes`,
    headers: { cookie, 'client-type': 'dashboard' },
    payload: {
      name: 'Poster',
      action: { name: 'Destination', objectType: 'link', data: { link } },
    },
  });
  if (response.statusCode !== 201) throw new Error(`QR code not made: ${response.body}`);
  return response.json().data;
}

/** An API key of the project made through the API by `cookie`'s user; answers the key itself. */
export async function apiKeyThroughApi(
  app: FastifyInstance,
  cookie: string,
  projectId: string,
  scope: 'read' | 'content' | 'full',
  expiresAt?: string,
): Promise<{ id: string; key: string }> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/api-keys`,
    headers: { cookie, 'client-type': 'dashboard' },
    payload: { name: `Script (${scope})`, scope, ...(expiresAt ? { expiresAt } : {}) },
  });
  if (response.statusCode !== 201) throw new Error(`API key not made: ${response.body}`);
  return response.json().data;
}

/** Headers of a call made by a script with an API key. */
export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
