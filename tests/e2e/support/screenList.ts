// The screens a customer admin works in, for the phone-width and accessibility stories.
import type { DemoItems } from './demoItems.js';

export function mainScreens(ids: DemoItems): [string, string][] {
  const p = `/projects/${ids.projectId}`;
  return [
    ['project list', '/projects'],
    ['start page', `${p}/start`],
    ['QR code list', `${p}/qr-codes`],
    ['QR code details with the designer', `${p}/qr-code/${ids.qrCode}/details/edit`],
    ['QR code statistics', `${p}/qr-code/${ids.qrCode}/statistics`],
    ['QR code wizard', `${p}/qr-code/create/type`],
    ['Action list', `${p}/qr-links`],
    ['Action editor', `${p}/qr-link/${ids.action}/details/edit`],
    ['Action placements', `${p}/qr-link/${ids.action}/placements`],
    ['short link list', `${p}/short-links`],
    ['short link details', `${p}/short-links/${ids.shortLink}/details/edit`],
    ['pages', `${p}/pages`],
    ['advertisement', `${p}/ad/${ids.ad}/details/edit`],
    ['labels', `${p}/tags`],
    ['themes', `${p}/themes`],
    ['theme editor', `${p}/theme/${ids.theme}/details/edit`],
    ['templates', `${p}/qrcodes/templates`],
    ['trash', `${p}/trash`],
    ['project statistics', `${p}/statistics`],
    ['project audit log', `${p}/auditlogs`],
    ['project details', `${p}/details/edit`],
    ['project users', `${p}/users/edit`],
    ['settings profile', '/settings/profile'],
    ['settings security', '/settings/security'],
    ['settings audit log', '/settings/audit-logs'],
  ];
}
