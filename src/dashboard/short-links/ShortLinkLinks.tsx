// /projects/:pid/short-links/:id/qr-links: which Action the link leads to (the QR code's screen,
// ItemLinks, with the short link's words).
import { ItemLinks, type ItemLinksKind } from '../qr-codes/QrCodeLinks';
import { LINK_NOTICES } from '../useNotifications';

const SHORT_LINK_LINKS: ItemLinksKind = {
  resource: 'short-links',
  words: 'app.short_links',
  notices: LINK_NOTICES,
  type: 'short_link',
  testId: 'short-link',
};

export function ShortLinkLinks({ pid, id }: { pid: string; id: string }) {
  return <ItemLinks pid={pid} id={id} kind={SHORT_LINK_LINKS} />;
}
