// What a webhook delivery about an item carries: the item exactly as the API's GET of it answers
// (docs/api.md, "Webhooks"), read after the change committed. An item that is gone by then (a
// delete, or a change overtaken by its deletion) is told by its ids and scan codes only.
import type { Config } from '../config.js';
import type { Executor } from '../repositories/executor.js';
import { findAction } from '../repositories/actions.js';
import { findQrCode } from '../repositories/qrCodes.js';
import { findShortLink } from '../repositories/shortLinks.js';
import { presentActionsWithLabels } from './actions.js';
import { presentQrCodes } from './qrCodes.js';
import { presentShortLinks } from './shortLinks.js';

/** The item's answer, or null when no such item (of that project) exists any more. */
export type ItemPresenter = (
  type: string,
  projectId: string,
  id: string,
) => Promise<Record<string, unknown> | null>;

export function itemPresenter(db: Executor, config: Config): ItemPresenter {
  return async (type, projectId, id) => {
    // Trashed items are still items: GET answers them, and so does qr_code.trashed.
    const found = { includeTrashed: true };
    if (type === 'qr_code') {
      const row = await findQrCode(db, projectId, id, found);
      return row ? { ...(await presentQrCodes(db, config, [row]))[0] } : null;
    }
    if (type === 'short_link') {
      const row = await findShortLink(db, projectId, id, found);
      return row ? { ...(await presentShortLinks(db, config, [row]))[0] } : null;
    }
    if (type === 'action') {
      const row = await findAction(db, projectId, id);
      return row ? { ...(await presentActionsWithLabels(db, [row]))[0] } : null;
    }
    return null;
  };
}
