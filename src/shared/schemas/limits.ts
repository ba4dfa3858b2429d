// Project limits a customer admin sets within the customer's (issue 10); -1 shares the customer's.
import { z } from 'zod';

/** One limit: a whole number, or -1 (a customer's: unlimited; a project's: the customer's). */
export const limitSchema = z.coerce.number().int().min(-1);

export const projectLimitsSchema = z.object({
  maxQrCodes: limitSchema,
  maxScans: limitSchema,
  maxStorage: limitSchema,
  maxShortLinks: limitSchema,
});
export type ProjectLimitsInput = z.infer<typeof projectLimitsSchema>;

/** GET /customers/{id}/usage-forecast. */
export interface UsageForecast {
  scansLast30Days: number;
  /** When the scan limit is reached at the last 30 days' pace; null when it will not be. */
  scanLimitReachedAt: string | null;
}
