// Standard Webhooks signatures (https://www.standardwebhooks.com): the secret is `whsec_` and
// base64 bytes; the signature is `v1,` and the base64 HMAC-SHA256 of "{id}.{timestamp}.{body}".
import crypto from 'node:crypto';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${crypto.randomBytes(24).toString('base64')}`;
}

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const mac = crypto
    .createHmac('sha256', key)
    .update(`${id}.${timestamp}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}
