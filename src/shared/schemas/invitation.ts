// Invitations, the register-by-invitation form and the accounts screen (issue 9, SPEC §4): one
// set of rules for the API and the dashboard's forms.
import { z } from 'zod';
import { LANGUAGES, type Language, type Role } from '../enums.js';
import { ulidSchema } from '../ids.js';
import {
  passwordConfirmationSchema,
  passwordConfirmed,
  passwordSchema,
  roleSchema,
} from './auth.js';
import { emailSchema, requiredText } from './common.js';

/** How many projects one invitation or account change may name (a customer's whole list fits). */
export const PROJECT_IDS_MAX = 500;

const projectIdsSchema = z
  .array(ulidSchema)
  .max(PROJECT_IDS_MAX)
  .transform((ids) => [...new Set(ids)]);

/** POST /customers/{cid}/invites */
export const invitationInputSchema = z.object({
  email: emailSchema,
  role: roleSchema,
  projectIds: projectIdsSchema.default([]),
  /** The language of the mail and of the account it creates. */
  language: z.enum(LANGUAGES).default('nl'),
});
export type InvitationInput = z.infer<typeof invitationInputSchema>;

/** POST /register/{token}: the invited person's name and password. */
export const registerTokenSchema = z
  .object({
    name: requiredText(),
    password: passwordSchema,
    passwordConfirmation: passwordConfirmationSchema,
  })
  .superRefine(passwordConfirmed);
export type RegisterTokenInput = z.infer<typeof registerTokenSchema>;

/** PUT /users/{id}/projects: the complete list of projects the account is linked to. */
export const accountProjectsSchema = z.object({ projectIds: projectIdsSchema });
export type AccountProjectsInput = z.infer<typeof accountProjectsSchema>;

export const INVITATION_STATES = ['pending', 'expired', 'accepted', 'revoked'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export interface ProjectRef {
  id: string;
  name: string;
}

/** An invitation as GET /customers/{cid}/invites answers it (never with its token). */
export interface Invitation {
  id: string;
  email: string;
  role: Role;
  language: Language;
  state: InvitationState;
  projects: ProjectRef[];
  invitedBy: string | null;
  expiresAt: string;
  createdAt: string;
}

/** GET /register/{token} */
export interface InvitationPreview {
  customerName: string;
  email: string;
}

/** A user as the accounts screen lists them. */
export interface Account {
  id: string;
  name: string;
  email: string;
  role: Role;
  active: boolean;
  projects: ProjectRef[];
  lastSignInAt: string | null;
  /** null while the server does not track two-factor sign-in. */
  twoFactorEnabled: boolean | null;
  createdAt: string;
}

/** Seats of the plan: accounts plus open invitations, against the customer's user limit. */
export interface Seats {
  used: number;
  /** -1: unlimited. */
  max: number;
}
