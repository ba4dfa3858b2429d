// Tags, also called labels (SPEC §3, §5, §9): a name of at most 16 characters, unique in the
// project, and at most 10 per item (QR code, short link or Action).
import { z } from 'zod';
import { MAX_TAGS_PER_ITEM, TAG_NAME_MAX } from '../constants.js';
import { ulidSchema } from '../ids.js';
import { plainText } from './common.js';
import { addCustomIssue, type CustomIssueParams } from '../validation.js';

/** What a tag can be linked to; the label_links.item_type values. */
export const LABEL_ITEM_TYPES = ['qr_code', 'short_link', 'action'] as const;
export type LabelItemType = (typeof LABEL_ITEM_TYPES)[number];

/** The API path segment of each item type: PUT /projects/{pid}/{segment}/{id}/labels. */
export const LABEL_ITEM_PATHS: Record<LabelItemType, string> = {
  qr_code: 'qr-codes',
  short_link: 'short-links',
  action: 'actions',
};

/** Names as labels tell them apart: regardless of case, the first spelling kept. */
export function distinctLabelNames(names: readonly string[]): string[] {
  const byKey = new Map<string, string>();
  for (const name of names) if (!byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name);
  return [...byKey.values()];
}

export const labelColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const labelInputSchema = z.object({
  name: plainText(1, TAG_NAME_MAX),
  color: labelColorSchema
    .nullish()
    .or(z.literal(''))
    .transform((value) => (value ? value : null)),
});
export type LabelInput = z.infer<typeof labelInputSchema>;
export const labelUpdateSchema = labelInputSchema.partial();

const limitIssue: CustomIssueParams = {
  code: 'label_link_limit_reached',
  meta: { max: MAX_TAGS_PER_ITEM },
};

/** More than 10 labels for one item is label_link_limit_reached (meta.max), not a generic max. */
export function withinLabelLimit(labels: readonly unknown[], ctx: z.RefinementCtx): void {
  if (labels.length > MAX_TAGS_PER_ITEM) {
    addCustomIssue(ctx, [], limitIssue, `At most ${MAX_TAGS_PER_ITEM} labels can be linked`);
  }
}

/** Distinct ids, at most 10. */
const labelIdsSchema = z
  .array(ulidSchema)
  .transform((ids) => [...new Set(ids)])
  .superRefine(withinLabelLimit);

/** PUT …/{item}/{id}/labels: the item's labels after the call (replaces them). */
export const labelLinkSchema = z.object({ labelIds: labelIdsSchema });
export type LabelLinkInput = z.infer<typeof labelLinkSchema>;

/** POST /projects/{pid}/labels/{id}/items: tag many items of one type at once. */
export const labelItemsSchema = z.object({
  itemType: z.enum(LABEL_ITEM_TYPES),
  itemIds: z.array(ulidSchema).min(1).max(500),
});
export type LabelItemsInput = z.infer<typeof labelItemsSchema>;

/** A tag as the API answers it. */
export interface Label {
  id: string;
  projectId: string;
  name: string;
  color: string | null;
  /** How many live items carry it. */
  itemCount: number;
  createdAt: string;
  updatedAt: string;
}

/** A tag as it appears on an item. */
export interface LabelSummary {
  id: string;
  name: string;
  color: string | null;
}
