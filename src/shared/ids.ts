import { z } from 'zod';

/** A ULID: 26 Crockford base-32 characters. */
export const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export const ulidSchema = z.string().regex(ULID_PATTERN);
export const isUlid = (value: unknown): value is string =>
  typeof value === 'string' && ULID_PATTERN.test(value);
