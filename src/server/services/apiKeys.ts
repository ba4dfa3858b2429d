// API keys (issue 15): a customer admin makes a key for one project with a scope and an optional
// expiry; the key is shown once and only its SHA-256 is kept. A request with the key acts as its
// creator, limited to the key's project and to the scope's permissions (shared/permissions.ts).
import crypto from 'node:crypto';
import { ulid } from 'ulidx';
import type { Db } from '../db/database.js';
import type { ApiKeyRow } from '../db/schema.js';
import { API_KEY_PREFIX, type ApiKeyInput } from '../../shared/schemas/apiKey.js';
import { apiKeyPermissionsOf, isRole, type ApiKeyScope } from '../../shared/permissions.js';
import type { Role } from '../../shared/enums.js';
import type { ItemChangeArgs } from './projectItems.js';
import type { Actor } from '../domain/actor.js';
import { forbidden, notFound } from '../domain/errors.js';
import { sha256 } from '../security.js';
import {
  findApiKey,
  findUsableApiKey,
  insertApiKey,
  listApiKeys,
  revokeApiKeyRow,
  touchApiKey,
} from '../repositories/apiKeys.js';
import { visibleProjectOr404 } from './projects.js';
import { itemChange, pickFields, type UnitOfWork } from './unitOfWork.js';

/** Characters of the key shown in lists: the prefix and 8 of the random part. */
const VISIBLE_LENGTH = API_KEY_PREFIX.length + 8;
// Writing lastUsedAt on every request would turn each read into a write; once a minute says enough.
const TOUCH_AFTER_MS = 60 * 1000;

export interface ApiKeyAnswer {
  id: string;
  name: string;
  /** The start of the key, to recognise it: `qrh_AbCd1234…`. */
  prefix: string;
  scope: ApiKeyScope;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

export function presentApiKey(row: ApiKeyRow): ApiKeyAnswer {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope as ApiKeyScope,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
    createdAt: row.createdAt,
  };
}

/** An API key cannot make, see or revoke keys: only a person can. */
function assertPerson(actor: Actor): void {
  if (actor.apiKeyId) throw forbidden();
}

export async function createApiKey(
  db: Db,
  actor: Actor,
  projectId: string,
  input: ApiKeyInput,
  work: UnitOfWork,
): Promise<ApiKeyAnswer & { key: string }> {
  assertPerson(actor);
  const project = await visibleProjectOr404(db, actor, projectId);
  const key = `${API_KEY_PREFIX}${crypto.randomBytes(30).toString('base64url')}`;
  const row: ApiKeyRow = {
    id: ulid(),
    customerId: project.customerId,
    projectId: project.id,
    userId: actor.id,
    name: input.name,
    prefix: key.slice(0, VISIBLE_LENGTH),
    keyHash: sha256(key),
    scope: input.scope,
    expiresAt: input.expiresAt,
    lastUsedAt: null,
    revokedAt: null,
    createdAt: new Date().toISOString(),
  };
  await work.run(async ({ trx, record }) => {
    await insertApiKey(trx, row);
    const after = pickFields(row, ['name', 'prefix', 'scope', 'expiresAt']);
    await record(itemChange(project, 'api_key', 'created', { id: row.id, name: row.name, after }));
  });
  return { ...presentApiKey(row), key };
}

export async function apiKeysOfProject(
  db: Db,
  actor: Actor,
  projectId: string,
): Promise<ApiKeyAnswer[]> {
  assertPerson(actor);
  const project = await visibleProjectOr404(db, actor, projectId);
  return (await listApiKeys(db, project.id)).map(presentApiKey);
}

/** Revoking is final: the row stays (the list says when) but the key opens nothing any more. */
export async function revokeApiKey(
  ...[, actor, projectId, id, work]: ItemChangeArgs
): Promise<void> {
  assertPerson(actor);
  await work.run(async ({ trx, record }) => {
    const project = await visibleProjectOr404(trx, actor, projectId);
    const row = await findApiKey(trx, project.id, id);
    if (!row) throw notFound('api_key_not_found');
    if (row.revokedAt) return;
    await revokeApiKeyRow(trx, row.id, new Date().toISOString());
    await record(itemChange(project, 'api_key', 'revoked', row));
  });
}

/** Who a presented key acts as, or null when it is unknown, revoked, expired or orphaned. */
export interface ApiKeyIdentity {
  actor: Actor & { apiKeyId: string };
  key: ApiKeyRow;
  name: string;
  email: string;
  language: string;
}

export async function authenticateApiKey(
  db: Db,
  presented: string,
): Promise<ApiKeyIdentity | null> {
  if (!presented.startsWith(API_KEY_PREFIX) || presented.length > 200) return null;
  const now = new Date();
  const found = await findUsableApiKey(db, sha256(presented), now.toISOString());
  if (!found || !isRole(found.user.role)) return null;
  const { key, user } = found;
  if (!key.lastUsedAt || now.getTime() - Date.parse(key.lastUsedAt) > TOUCH_AFTER_MS)
    await touchApiKey(db, key.id, now.toISOString());
  const role = user.role as Role;
  return {
    actor: {
      id: user.id,
      role,
      customerId: key.customerId,
      projectIds: [key.projectId],
      apiKeyId: key.id,
      permissions: apiKeyPermissionsOf(key.scope as ApiKeyScope, role),
    },
    key,
    name: user.name,
    email: user.email,
    language: user.language,
  };
}
