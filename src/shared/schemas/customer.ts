import { z } from 'zod';
import { PASSWORD_MIN, TEXT_MAX } from '../constants.js';
import {
  CUSTOMER_TYPES,
  LANGUAGES,
  type BillingPeriod,
  type CustomerType,
  type Language,
  type Role,
  type SubscriptionStatus,
} from '../enums.js';
import { roleSchema } from './auth.js';
import { emailSchema, optionalText, requiredText } from './common.js';
import { limitSchema } from './limits.js';

export const customerInputSchema = z.object({
  name: requiredText(),
  adminEmail: emailSchema,
  customerType: z.enum(CUSTOMER_TYPES).default('none'),
  vatNumber: optionalText(32),
});
export type CustomerInput = z.infer<typeof customerInputSchema>;
export const customerUpdateSchema = customerInputSchema.partial();

/** Admin "manage" screen: plan limits of a customer (-1 = unlimited). */
export const customerLimitsSchema = z.object({
  maxQrCodes: limitSchema,
  maxScans: limitSchema,
  maxStorage: limitSchema,
  maxUsers: limitSchema,
  maxShortLinks: limitSchema,
  trialEndAt: z.iso.datetime().optional(),
});
export type CustomerLimits = z.infer<typeof customerLimitsSchema>;

/** PUT /customers/{id}/progress; only admins may move the trial end. */
export const registrationProgressSchema = z.object({
  done: z.boolean(),
  trialEndAt: z.iso.datetime().optional(),
});
export type RegistrationProgressInput = z.infer<typeof registrationProgressSchema>;

export interface RegistrationProgress {
  trialEndAt: string | null;
  done: boolean;
}

export interface Subscription {
  status: SubscriptionStatus;
  planId: string | null;
  billingPeriod: BillingPeriod | null;
}

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
  role: roleSchema,
  password: z.string().min(PASSWORD_MIN).max(TEXT_MAX).optional(),
  localization: z.object({ language: z.enum(LANGUAGES) }).default({ language: 'nl' }),
});
export type UserInput = z.infer<typeof userInputSchema>;
export const userUpdateSchema = userInputSchema.omit({ password: true }).partial();

/** A user as the API answers it (never with the password hash). */
export interface User {
  id: string;
  customerId: string | null;
  name: string;
  email: string;
  role: Role;
  localization: { language: Language };
  createdAt: string;
  updatedAt: string;
}
