// The Action kinds whose scan shows a hosted page (SPEC §1 "pages"): contact card, text, app link
// and sound are pages we render; a file opens the uploaded file itself.
import type { ActionType } from '../../shared/enums';

export const PAGE_KINDS = [
  'contact',
  'textArea',
  'appLink',
  'sound',
  'file',
] as const satisfies readonly ActionType[];
export type PageKind = (typeof PAGE_KINDS)[number];

export const isPageKind = (value: string): value is PageKind =>
  (PAGE_KINDS as readonly string[]).includes(value);

export const pagesPath = (pid: string) => `/projects/${pid}/pages`;

/** The kind a "new page" link opens the Action editor on: a text page is the plainest page. */
export const NEW_PAGE_KIND: PageKind = 'textArea';

/** What the overview needs of an Action (GET /projects/{pid}/actions). */
export interface PageRecord {
  id: string;
  name: string;
  objectType: PageKind;
  data: Record<string, unknown>;
  qrCodeCount: number;
  updatedAt: string;
}

/** A QR code or short link serving a page (GET /projects/{pid}/actions/{id}/qr-codes). */
export interface PageItem {
  id: string;
  type: 'qr_code' | 'short_link';
  name: string;
  code: string;
  scanUrl: string;
}

/** The stored file of a file Action: its name and URL, when one is stored. */
export function fileSourceOf(
  record: Pick<PageRecord, 'data'>,
): { name: string; url: string } | null {
  const media = record.data.media;
  if (typeof media !== 'object' || media === null) return null;
  const source = (media as { source?: { name?: unknown; versions?: { original?: unknown } } })
    .source;
  const name = source?.name;
  const url = source?.versions?.original;
  return typeof name === 'string' && typeof url === 'string' ? { name, url } : null;
}
