// White-label hostnames (SPEC §3, §8; issue 14): a customer's own domain for scan URLs.
import { z } from 'zod';
import { issueParams } from '../validation.js';

/** RFC 1123 labels, at least two of them, letters in the last: a DNS name, never an address. */
const DNS_NAME =
  /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.[a-z][a-z0-9-]{0,62}(?<!-)$/;

const notDnsName = issueParams({ code: 'white_label_hostname_is_not_dns_name' });

export const whiteLabelHostnameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/\.$/, ''))
  .refine((value) => DNS_NAME.test(value), { params: notDnsName });

export const whiteLabelHostnameInputSchema = z.object({ hostname: whiteLabelHostnameSchema });
export type WhiteLabelHostnameInput = z.infer<typeof whiteLabelHostnameInputSchema>;

export const WHITE_LABEL_SCHEMES = ['https', 'http'] as const;

export const whiteLabelHostnameUpdateSchema = z.object({
  primary: z.boolean().optional(),
  verified: z.boolean().optional(),
  scheme: z.enum(WHITE_LABEL_SCHEMES).optional(),
});
export type WhiteLabelHostnameUpdate = z.infer<typeof whiteLabelHostnameUpdateSchema>;

export interface WhiteLabelHostname {
  id: string;
  customerId: string;
  hostname: string;
  primary: boolean;
  verified: boolean;
  verifiedAt: string | null;
  scheme: (typeof WHITE_LABEL_SCHEMES)[number];
  /** The DNS record the customer sets: a CNAME to the platform's scan host. */
  dnsRecord: { type: 'CNAME'; name: string; value: string };
  createdAt: string;
}
