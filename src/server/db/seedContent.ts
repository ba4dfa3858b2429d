// Demo content for Demo BV's projects: a few Actions (a link, a contact card, a text page) and QR
// codes, one of them without an Action (inactive, still printable), so the dashboard and the scan
// service have something to show on a fresh install.
import { ulid } from 'ulidx';
import { ALWAYS_ACTIVE } from '../../shared/activity.js';
import { DEFAULT_QR_DESIGN } from '../../shared/schemas/qrCode.js';
import type { Executor } from '../repositories/executor.js';
import { insertAction } from '../repositories/actions.js';
import { insertQrCode } from '../repositories/qrCodes.js';
import { generateCode } from '../services/codes.js';

export interface DemoContentTarget {
  customerId: string;
  /** The project user@example.com works in. */
  projectId: string;
  /** Demo BV's other project. */
  otherProjectId: string;
}

export interface SeededContent {
  actions: { link: string; contact: string; text: string };
  qrCodes: { website: string; businessCard: string; unassigned: string; poster: string };
}

const media = { mediaId: null, remove: false };

export async function seedDemoContent(
  db: Executor,
  target: DemoContentTarget,
  at: string,
): Promise<SeededContent> {
  const ids: SeededContent = {
    actions: { link: ulid(), contact: ulid(), text: ulid() },
    qrCodes: { website: ulid(), businessCard: ulid(), unassigned: ulid(), poster: ulid() },
  };
  const action = (id: string, projectId: string, name: string, objectType: string, data: object) =>
    insertAction(db, {
      id,
      customerId: target.customerId,
      projectId,
      name,
      objectType,
      data: JSON.stringify(data),
      activity: JSON.stringify(ALWAYS_ACTIVE),
      createdBy: null,
      deletedAt: null,
      createdAt: at,
      updatedAt: at,
    });
  await action(ids.actions.link, target.projectId, 'Website', 'link', {
    link: 'https://example.com',
  });
  await action(ids.actions.contact, target.projectId, 'Business card', 'contact', {
    avatar: media,
    name: 'Demo Contact',
    emailAddresses: [{ type: 'work', email: 'contact@example.com' }],
    phoneNumbers: [{ type: 'work', phoneNumber: '+31 20 123 4567' }],
    company: { name: 'Demo BV', position: 'Sales' },
    address: { street: 'Damrak 1', city: 'Amsterdam', zipCode: '1012 LG', country: 'NL' },
    website: { personal: 'https://example.com', linkedIn: null },
  });
  await action(ids.actions.text, target.otherProjectId, 'Event programme', 'textArea', {
    text: '<h3>Programme</h3><p>Doors open at 19:00, the show starts at 20:00.</p>',
  });

  const qrCode = (id: string, projectId: string, name: string, actionId: string | null) =>
    insertQrCode(db, {
      id,
      customerId: target.customerId,
      projectId,
      // Random like every other code: a fixed demo code would be guessable on every install.
      code: generateCode(),
      name,
      description: null,
      actionId,
      templateId: null,
      design: JSON.stringify(DEFAULT_QR_DESIGN),
      createdBy: null,
      trashedAt: null,
      deletedAt: null,
      createdAt: at,
      updatedAt: at,
    });
  await qrCode(ids.qrCodes.website, target.projectId, 'Flyer: website', ids.actions.link);
  await qrCode(ids.qrCodes.businessCard, target.projectId, 'Business card', ids.actions.contact);
  await qrCode(ids.qrCodes.unassigned, target.projectId, 'Spare sticker', null);
  await qrCode(ids.qrCodes.poster, target.otherProjectId, 'Event poster', ids.actions.text);
  return ids;
}
