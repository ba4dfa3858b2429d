// API keys (issue 15): a name, what the key may do, and until when. The dashboard's form and the
// server's route use this one schema.
import { z } from 'zod';
import { API_KEY_SCOPES } from '../permissions.js';
import { issueParams } from '../validation.js';
import { requiredText } from './common.js';

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'qrh_';

const futureIssue = issueParams({ code: 'date_after_or_equal' });

export const apiKeyInputSchema = z.object({
  name: requiredText(),
  scope: z.enum(API_KEY_SCOPES),
  expiresAt: z
    .string()
    .pipe(z.iso.datetime({ offset: true }))
    .refine((value) => Date.parse(value) > Date.now(), { params: futureIssue })
    .transform((value) => new Date(value).toISOString())
    .nullish()
    .transform((value) => value ?? null),
});
export type ApiKeyInput = z.infer<typeof apiKeyInputSchema>;
