import { z } from 'zod';
import { PROJECT_ACCESS } from '../enums.js';
import { ulidSchema } from '../ids.js';
import type { LimitStatus } from '../rules.js';
import { isIanaTimeZone } from '../timeZone.js';
import type { CustomIssueParams } from '../validation.js';
import { optionalText, requiredText } from './common.js';

/** An IANA time zone (Europe/Amsterdam): statistics count days, weeks and months in it. */
export const timeZoneSchema = z
  .string()
  .trim()
  .refine(isIanaTimeZone, { params: { code: 'time_zone' } satisfies CustomIssueParams });

export const projectInputSchema = z.object({
  name: requiredText(),
  description: optionalText(1000),
  access: z.enum(PROJECT_ACCESS).default('0'),
  tracking: z.boolean().default(true),
  /** The customer's usual zone (its newest project's) when absent, else Europe/Amsterdam. */
  timeZone: timeZoneSchema.optional(),
  /** Admins create projects for a chosen customer; others always for their own. */
  customerId: ulidSchema.optional(),
});
export type ProjectInput = z.infer<typeof projectInputSchema>;

/** Only the fields sent change: no defaults, so a PUT of the time zone alone keeps the rest. */
export const projectUpdateSchema = projectInputSchema
  .omit({ customerId: true })
  .extend({ access: z.enum(PROJECT_ACCESS), tracking: z.boolean() })
  .partial();
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>;

/** POST/DELETE /projects/{id}/users: link a user to a project (or unlink). */
export const projectUserLinkSchema = z.object({
  id: ulidSchema,
  /** Whether the user may manage the project's settings (a per-link permission). */
  canManage: z.boolean().default(false),
});
export const projectUserUnlinkSchema = z.object({ id: ulidSchema });

export interface Project {
  id: string;
  customerId: string;
  name: string;
  description: string | null;
  access: '0' | '1';
  tracking: boolean;
  timeZone: string;
  usage: Pick<LimitStatus, 'used' | 'total'>;
  createdAt: string;
  updatedAt: string;
}

export interface ProjectUser {
  id: string;
  name: string;
  email: string;
  role: string;
  canManage: boolean;
}
