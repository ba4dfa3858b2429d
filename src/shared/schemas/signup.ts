// Self sign-up and the first administrator (issue 9, parts 4 and 6).
import { z } from 'zod';
import { addCustomIssue } from '../validation.js';
import { CUSTOMER_TYPES } from '../enums.js';
import { TEXT_MAX } from '../constants.js';
import { passwordConfirmationSchema, passwordConfirmed, passwordSchema } from './auth.js';
import { emailSchema, requiredText } from './common.js';
import { sixDigitCodeSchema } from './twoFactor.js';

/** GET /setup: what the public pages need before anyone signs in. */
export interface AuthOptions {
  /** No user exists yet: /setup creates the first administrator. */
  firstAdminNeeded: boolean;
  /** Anyone may create an account at /register. */
  signupOpen: boolean;
}

const newAccount = {
  name: requiredText(),
  email: emailSchema,
  password: passwordSchema,
  passwordConfirmation: passwordConfirmationSchema,
};

/** POST /setup/first-admin. */
export const firstAdminSchema = z.object(newAccount).superRefine(passwordConfirmed);
export type FirstAdminInput = z.infer<typeof firstAdminSchema>;

/** POST /register: a consumer, or a business with its company name. */
export const registerSchema = z
  .object({
    customerType: z.enum(
      CUSTOMER_TYPES.filter((type) => type !== 'none') as ['consumer', 'business'],
    ),
    companyName: z.string().trim().max(TEXT_MAX).optional(),
    ...newAccount,
  })
  .superRefine((value, ctx) => {
    passwordConfirmed(value, ctx);
    if (value.customerType === 'business' && !value.companyName)
      addCustomIssue(ctx, ['companyName'], { code: 'required' }, 'Enter the company name');
  });
export type RegisterInput = z.infer<typeof registerSchema>;

/** POST /register/verify: the six-digit code from the mail. */
export const registerVerifySchema = z.object({
  email: emailSchema,
  code: sixDigitCodeSchema,
});
export type RegisterVerifyInput = z.infer<typeof registerVerifySchema>;

/** POST /register/verify/resend. */
export const registerResendSchema = z.object({ email: emailSchema });

/** The onboarding checklist of a new customer (GET /register/progress), in the order shown. */
export const ONBOARDING_STEPS = [
  'verify_email',
  'first_project',
  'first_qr_code',
  'first_scan',
  'choose_plan',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
export type OnboardingSteps = Record<OnboardingStep, boolean>;
