import { z } from 'zod';
import { addCustomIssue } from '../validation.js';
import { PASSWORD_MIN, TEXT_MAX } from '../constants.js';
import { LANGUAGES, type Role, type Language } from '../enums.js';
import { isRole, type PermissionKey } from '../permissions.js';
import { emailSchema, requiredText } from './common.js';

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(TEXT_MAX),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const passwordSchema = z.string().min(PASSWORD_MIN).max(TEXT_MAX);
export const passwordConfirmationSchema = z.string().min(1).max(TEXT_MAX);

/** SPEC §5 'confirmed': the confirmation repeats the new password (its error at the confirmation). */
export function passwordConfirmed<T extends { password: string; passwordConfirmation: string }>(
  value: T,
  ctx: z.RefinementCtx,
): void {
  if (value.password !== value.passwordConfirmation)
    addCustomIssue(
      ctx,
      ['passwordConfirmation'],
      { code: 'confirmed' },
      'The password confirmation does not match',
    );
}

/** New password with its confirmation; the current one is checked on the server. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1).max(TEXT_MAX),
    password: passwordSchema,
    passwordConfirmation: passwordConfirmationSchema,
  })
  .superRefine(passwordConfirmed);
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

export const selfUpdateSchema = z.object({
  name: requiredText(),
  localization: z.object({ language: z.enum(LANGUAGES) }),
});
export type SelfUpdateInput = z.infer<typeof selfUpdateSchema>;

/** Logout follows an identity-service flow: create it, then update it with its token. */
export const logoutFlowUpdateSchema = z.object({ logout_token: z.string().min(1).max(200) });

export interface Self {
  id: string;
  name: string;
  email: string;
  role: Role;
  customerId: string | null;
  permissionKeys: PermissionKey[];
  localization: { language: Language };
  /** Two-step sign-in: on for this user, and required by the user's customer. */
  twoFactor?: { enabled: boolean; required: boolean };
}

/**
 * A role a user is given. Unknown roles fail with role_does_not_exist (SPEC §6); whether the
 * actor may hand out a known role is checked on the server (role_not_allowed).
 */
export const roleSchema = z.custom<Role>(isRole, {
  message: 'The specified role does not exist',
  params: { code: 'role_does_not_exist' },
});

/** POST /password/forget: always answered with 204, so it never reveals whether an account exists. */
export const passwordForgetSchema = z.object({ email: emailSchema });
export type PasswordForgetInput = z.infer<typeof passwordForgetSchema>;

/** POST /recovery: the token from the mailed link and the new password with its confirmation. */
export const recoverySchema = z
  .object({
    token: z.string().min(1).max(200),
    password: passwordSchema,
    passwordConfirmation: passwordConfirmationSchema,
  })
  .superRefine(passwordConfirmed);
export type RecoveryInput = z.infer<typeof recoverySchema>;
