// What the theme tests need beyond the API: a QR code whose scan renders a themed landing page.
import type { Db } from '../../../../../src/server/db/database.js';
import { buildAction, buildQrCode, type Owner } from '../../../../helpers/factories.js';

/** A QR code whose Action shows a contact page, so scanning it renders a themed landing page. */
export async function buildContactQrCode(db: Db, owner: Owner): Promise<string> {
  const actionId = await buildAction(db, owner, {
    name: 'Contact',
    objectType: 'contact',
    data: { name: 'Themed Person' },
  });
  return (await buildQrCode(db, owner, { actionId })).code;
}
