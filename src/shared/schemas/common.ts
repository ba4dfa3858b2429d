import { z } from 'zod';
import { TEXT_MAX } from '../constants.js';
import { addCustomIssue, issueParams, type CustomIssueParams } from '../validation.js';

/**
 * Bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069): invisible, they make a name
 * read otherwise than it is ("invoice‮fdp.exe" shows as "invoiceexe.pdf"), so no text takes them.
 */
export const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

const directionControl = issueParams({ code: 'text_direction_control' });

/** A trimmed text between `min` and `max` characters, without direction controls. */
export const plainText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((value) => !DIRECTION_CONTROLS.test(value), { params: directionControl });

/** A trimmed single-line text, required, at most `max` characters. */
export const requiredText = (max = TEXT_MAX) => plainText(1, max);
/** An optional text: empty becomes null so the database never holds ''. */
export const optionalText = (max = TEXT_MAX) =>
  plainText(0, max)
    .nullish()
    .transform((value) => (value ? value : null));

export const emailSchema = z.string().trim().toLowerCase().min(1).max(TEXT_MAX).pipe(z.email());

/** List query: react-admin's page/perPage/sort/order plus a free-text search `q`. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(500).default(25),
  sort: z.string().max(64).optional(),
  order: z
    .enum(['ASC', 'DESC', 'asc', 'desc'])
    .default('ASC')
    .transform((o) => o.toUpperCase() as 'ASC' | 'DESC'),
  q: z.string().max(TEXT_MAX).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export interface ListMeta {
  total: number;
  page: number;
  perPage: number;
}
export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}
export interface ItemResponse<T> {
  data: T;
}

const actionTwice: CustomIssueParams = { code: 'invalid' };

/**
 * A new QR code or short link brings either an existing Action (`actionId`) or a new one
 * (`action`), made in the same request; both at once is a mistake.
 */
export function withInlineAction<Shape extends z.ZodRawShape, Action extends z.ZodTypeAny>(
  base: z.ZodObject<Shape>,
  action: Action,
) {
  return base.extend({ action: action.optional() }).superRefine((value, ctx) => {
    const { action: inline, actionId } = value as { action?: unknown; actionId?: unknown };
    if (inline !== undefined && actionId !== null && actionId !== undefined) {
      addCustomIssue(
        ctx,
        ['action'],
        actionTwice,
        'Send either actionId or a new action, not both',
      );
    }
  });
}
