// Placements (issue 16 part 7): one QR link printed in several places (poster at the station,
// flyer, packaging), each place its own QR code with its own code and statistics.
import { z } from 'zod';
import { requiredText } from './common.js';

/** QR codes one request may create. */
export const PLACEMENTS_MAX = 100;

/** POST /projects/{pid}/actions/{id}/placements: one name per new QR code. */
export const placementsInputSchema = z.object({
  names: z.array(requiredText()).min(1).max(PLACEMENTS_MAX),
});
export type PlacementsInput = z.infer<typeof placementsInputSchema>;

/** The names of a text with one name a line: blank lines and surrounding spaces dropped. */
export const namesFromLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** One placement in GET …/placements: its counted scans over the range, from the rollups. */
export interface PlacementStatistics {
  id: string;
  name: string;
  code: string;
  scanUrl: string;
  scans: number;
  uniqueVisitors: number;
  /** Its part of the Action's placements' scans in the range, 0 to 1 (0 when none scanned). */
  share: number;
}
