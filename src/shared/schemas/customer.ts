import { z } from 'zod';
import { CUSTOMER_TYPES, ROLES, type CustomerType, type SubscriptionStatus } from '../enums.js';
import { emailSchema, optionalText, requiredText } from './common.js';

export const customerInputSchema = z.object({
  name: requiredText(),
  adminEmail: emailSchema,
  customerType: z.enum(CUSTOMER_TYPES).default('none'),
  vatNumber: optionalText(32),
});
export type CustomerInput = z.infer<typeof customerInputSchema>;
export const customerUpdateSchema = customerInputSchema.partial();

/** Admin "manage" screen: plan limits of a customer (-1 = unlimited). */
const limit = z.coerce.number().int().min(-1);
export const customerLimitsSchema = z.object({
  maxQrCodes: limit,
  maxScans: limit,
  maxStorage: limit,
  maxUsers: limit,
  maxShortLinks: limit,
  trialEndAt: z.iso.datetime().optional(),
});
export type CustomerLimits = z.infer<typeof customerLimitsSchema>;

export const registrationProgressSchema = z.object({ done: z.boolean() });

export interface Customer {
  id: string;
  name: string;
  adminEmail: string;
  customerType: CustomerType;
  vatNumber: string | null;
  progress: { trialEndAt: string | null; done: boolean };
  subscription: { status: SubscriptionStatus; planId: string | null };
  limits: CustomerLimits;
  createdAt: string;
}

export const userInputSchema = z.object({
  name: requiredText(),
  email: emailSchema,
  role: z.enum(ROLES),
  password: z.string().min(8).max(255).optional(),
  localization: z.object({ language: z.enum(['nl', 'en']) }).default({ language: 'nl' }),
});
export type UserInput = z.infer<typeof userInputSchema>;
export const userUpdateSchema = userInputSchema.omit({ password: true }).partial();
