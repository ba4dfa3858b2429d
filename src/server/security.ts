// Tokens, token digests and password hashing, in one place so every caller does them the same way.
import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** An unguessable token for cookies and mailed links (256 bits). */
export const randomToken = (): string => crypto.randomBytes(32).toString('base64url');

/** Only digests of tokens are stored, so a leaked table does not leak live sessions or links. */
export const sha256 = (value: string): string =>
  crypto.createHash('sha256').update(value).digest('hex');

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommended minimum). */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash (e.g. the unusable marker of a user without password) never matches.
    return false;
  }
}

/** Stored for accounts created without a password: no password can match it. */
export const UNUSABLE_PASSWORD_HASH = '!';

// Verified against when the account does not exist, so a login takes as long either way and the
// response time does not reveal which addresses have accounts.
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash(randomToken());
  return dummyHash;
}
