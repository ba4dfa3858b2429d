// Two-factor sign-in (issue 9, part 5): the six-digit code of an authenticator app, or one of
// the ten recovery codes, in the second sign-in step, when confirming the set-up and to turn it off.
import { z } from 'zod';
import { addCustomIssue } from '../validation.js';
import { TEXT_MAX, TOTP_DIGITS } from '../constants.js';

const digitsIssue = {
  message: 'The code has six digits',
  params: { code: 'digits', meta: { length: TOTP_DIGITS } },
};

/** Six digits (an app's code, a mailed code); spaces in the middle ("123 456") are dropped. */
export const sixDigitCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1)
      .refine((value) => /^\d{6}$/.test(value), digitsIssue),
  );

export const recoveryCodeSchema = z.string().trim().min(1).max(64);

/** POST /login/two-factor: a code, or else a recovery code. */
export const twoFactorLoginSchema = z
  .object({ code: sixDigitCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .superRefine((value, ctx) => {
    if (value.code === undefined && value.recoveryCode === undefined)
      addCustomIssue(ctx, ['code'], { code: 'required' }, 'Enter the code from your app');
  });
export type TwoFactorLoginInput = z.infer<typeof twoFactorLoginSchema>;

/** POST /self/two-factor/confirm. */
export const twoFactorConfirmSchema = z.object({ code: sixDigitCodeSchema });
export type TwoFactorConfirmInput = z.infer<typeof twoFactorConfirmSchema>;

/** DELETE /self/two-factor: the password or a current code proves it is the owner. */
export const twoFactorDisableSchema = z
  .object({
    password: z.string().min(1).max(TEXT_MAX).optional(),
    code: sixDigitCodeSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.password === undefined && value.code === undefined)
      addCustomIssue(
        ctx,
        ['password'],
        { code: 'required' },
        'Enter your password or a code from your app',
      );
  });
export type TwoFactorDisableInput = z.infer<typeof twoFactorDisableSchema>;

/** PUT /customers/{id}/two-factor: whether every user of the customer must use it. */
export const twoFactorPolicySchema = z.object({ required: z.boolean() });

export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
}

export interface TwoFactorState {
  enabled: boolean;
  /** The customer requires it. */
  required: boolean;
  recoveryCodesLeft: number;
}
