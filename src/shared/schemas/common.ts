import { z } from 'zod';
import { TEXT_MAX } from '../constants.js';

/** A trimmed single-line text, required, at most `max` characters. */
export const requiredText = (max = TEXT_MAX) => z.string().trim().min(1).max(max);
/** An optional text: empty becomes null so the database never holds ''. */
export const optionalText = (max = TEXT_MAX) =>
  z
    .string()
    .trim()
    .max(max)
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
