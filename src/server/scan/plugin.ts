// The public scan service: GET {scan base}/{code} as a short pipeline of named steps, each in its
// own module — normalise (normalise.ts) → cache (cache.ts) → lookup (lookup.ts) → state
// (state.ts) → target (target.ts) → advertisement (advertisement.ts) → record (recorder.ts) →
// respond (pages.ts, below).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import type { Config } from '../config.js';
import type { Language } from '../../shared/enums.js';
import type { EventBus } from '../events/bus.js';
import { UNKNOWN_CODES_PER_MINUTE } from '../../shared/constants.js';
import { attemptLimit } from '../rateLimits.js';
import { advertisementPage } from './adPage.js';
import {
  advertisementFor,
  clickTarget,
  isContinueRequest,
  loadAdvertisements,
  type ScanAdvertisement,
} from './advertisement.js';
import { ScanCache } from './cache.js';
import { getCountryLookup } from './geo.js';
import { loadMessages, pickLanguage } from './i18n.js';
import { lookup, type Resolution, type ScanItem } from './lookup.js';
import { normaliseCode, normaliseHost } from './normalise.js';
import type { RenderedPage } from './html.js';
import {
  appLinkPage,
  contactPage,
  noticePage,
  soundPage,
  textAreaPage,
  type PageContext,
} from './pages.js';
import { createScanEnricher, ScanRecorder, type RecorderOptions } from './recorder.js';
import { checkState } from './state.js';
import { DEFAULT_THEME } from './theme.js';
import { resolveTarget, type LandingPage, type Target } from './target.js';
import { buildVCard, vcardFileName } from './vcard.js';
import { createBotDetector, createUserAgentParser, isBotRequest } from './visitor.js';

export interface ScanPluginOptions {
  db: Db;
  config: Config;
  /** The app's domain events: they keep the cache right. */
  events: EventBus;
  /** Tests move the clock; the server uses the real one. */
  now?: () => Date;
  /** Writes the scans; owned by the app (createScanRecorder), closed with the plugin. */
  recorder: ScanRecorder;
  /** How long an entry is trusted without an event (tests shorten it). */
  cacheTtlMs?: number;
}

/** The recorder a scan plugin writes through, enriching rows with the visitor's country. */
export function createScanRecorder(db: Db, options: RecorderOptions = {}): ScanRecorder {
  return new ScanRecorder(db, createScanEnricher(getCountryLookup()), options);
}

/** A cache entry: the lookup plus the pages rendered from it, per language. */
interface CachedCode {
  resolution: Resolution;
  pages: Map<string, RenderedPage>;
  /** The QR code's advertisements: a scan shows one of them before the Action. */
  ads: ScanAdvertisement[];
  /** The target when it does not depend on the visitor (all but app links); filled on first use. */
  target?: Target;
}

type CodeParams = { code: string };

export const COMMON_HEADERS = {
  // Every scan must reach us to be counted, and targets change: no caching anywhere.
  'cache-control': 'no-store, private',
  'x-robots-tag': 'noindex, nofollow',
  'x-content-type-options': 'nosniff',
};

export const scanPlugin: FastifyPluginAsync<ScanPluginOptions> = async (app, options) => {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const messages = loadMessages();
  const parseAgent = createUserAgentParser();
  const isBotAgent = createBotDetector();
  // null caches "no such code" too, so enumeration does not hammer the database.
  const cache = new ScanCache<CachedCode | null>(options.cacheTtlMs);
  const unfollow = cache.followEvents(options.events);
  const { recorder } = options;
  const unknownCodes = attemptLimit(app, 'unknown-code', UNKNOWN_CODES_PER_MINUTE, 60_000);

  app.addHook('onClose', async () => {
    await recorder.close();
    unfollow();
    cache.clear();
  });

  app.setErrorHandler(async (error, request, reply) => {
    request.log.error({ err: error }, 'scan failed');
    const lang = pickLanguage(request.headers['accept-language']);
    return sendPage(reply, 500, noticePage(pageContext(lang, null), 'error'));
  });

  const pageContext = (lang: Language, resolution: Resolution | null): PageContext => ({
    lang,
    messages: messages[lang],
    theme: resolution?.theme ?? DEFAULT_THEME,
  });

  type Resolved = { code: string | null; entry: CachedCode | null };

  /** Steps 1–3: normalise, cache, lookup. A cache hit answers without a promise (the hot path). */
  function resolve(request: FastifyRequest<{ Params: CodeParams }>): Resolved | Promise<Resolved> {
    const code = normaliseCode(request.params.code);
    if (!code) return { code: null, entry: null };
    const host = normaliseHost(request.hostname);
    const hit = cache.get(host, code);
    return hit !== undefined ? { code, entry: hit } : fill(code, host);
  }

  let outageLoggedAt = 0;
  async function fill(code: string, host: string): Promise<Resolved> {
    let resolution: Resolution | null;
    let ads: ScanAdvertisement[];
    try {
      resolution = await lookup(db, code, host);
      ads = resolution ? await loadAdvertisements(db, resolution.item) : [];
    } catch (error) {
      // The database is unreachable: answer from the last known entry if there is one.
      const stale = cache.stale(host, code);
      if (stale === undefined) throw error;
      if (Date.now() - outageLoggedAt > 10_000) {
        outageLoggedAt = Date.now();
        app.log.warn({ err: error }, 'database unavailable: scans are answered from the cache');
      }
      return { code, entry: stale };
    }
    const entry = resolution ? { resolution, pages: new Map<string, RenderedPage>(), ads } : null;
    cache.set(host, code, entry, {
      itemId: resolution?.item.id ?? null,
      actionId: resolution?.action?.id ?? null,
      projectId: resolution?.item.projectId ?? null,
      customerId: resolution?.item.customerId ?? null,
    });
    return { code, entry };
  }

  /** Step 6: a push into memory; the recorder writes it later. */
  function record(
    request: FastifyRequest,
    item: ScanItem,
    at: Date,
    ad?: { id: string; kind: 'ad_view' | 'ad_click' },
  ): void {
    recorder.record({
      itemType: ad ? 'advertisement' : item.type,
      kind: ad?.kind ?? 'scan',
      itemId: ad?.id ?? item.id,
      customerId: item.customerId,
      projectId: item.projectId,
      tracking: item.tracking,
      at,
      method: request.method,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      referrer: request.headers.referer,
    });
  }

  function landingPage(
    entry: CachedCode,
    page: LandingPage,
    code: string,
    lang: Language,
  ): RenderedPage {
    const key = `${page}:${lang}`;
    const cached = entry.pages.get(key);
    if (cached) return cached;
    const ctx = pageContext(lang, entry.resolution);
    const content = entry.resolution.action?.content;
    let rendered: RenderedPage;
    if (page === 'contact' && content?.objectType === 'contact')
      rendered = contactPage(ctx, content.data, code);
    else if (page === 'textArea' && content?.objectType === 'textArea')
      rendered = textAreaPage(ctx, content.data);
    else if (page === 'appLink' && content?.objectType === 'appLink')
      rendered = appLinkPage(ctx, content.data);
    else if (page === 'sound' && content?.objectType === 'sound')
      rendered = soundPage(ctx, content.data);
    else rendered = noticePage(ctx, 'notActive');
    entry.pages.set(key, rendered);
    return rendered;
  }

  // GET {scan base}/{code}: the scan itself.
  app.get<{ Params: CodeParams }>('/:code', (request, reply) => {
    const resolved = resolve(request);
    if (resolved instanceof Promise) return resolved.then((r) => scan(request, reply, r));
    scan(request, reply, resolved);
  });

  /**
   * The 404 for a code we do not know, counted against the address: one that keeps guessing
   * waits (429, in the visitor's language) while every address still reaches known codes at once.
   */
  async function notFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const lang = pickLanguage(request.headers['accept-language']);
    const wait = await unknownCodes.waitSeconds(request);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      return sendPage(reply, 429, noticePage(pageContext(lang, null), 'tooMany'));
    }
    await unknownCodes.failed(request);
    return sendPage(reply, 404, noticePage(pageContext(lang, null), 'notFound'));
  }

  /** Steps 4–7 for one request. */
  function scan(
    request: FastifyRequest<{ Params: CodeParams }>,
    reply: FastifyReply,
    { code, entry }: Resolved,
  ): FastifyReply | Promise<FastifyReply> {
    const at = now();
    const state = checkState(entry?.resolution ?? null, at); // step 4
    // The language is only read when a page is shown: redirects, the hot path, skip it.
    const lang = () => pickLanguage(request.headers['accept-language']);
    if (!code || !entry || state.kind === 'not_found') return notFound(request, reply);
    // Coming back from the interstitial: the scan was counted when the ad was shown.
    const isContinue = entry.ads.length > 0 && isContinueRequest(request.query);
    if (!entry.resolution.item.isRemoved && !isContinue) record(request, entry.resolution.item, at);
    if (state.kind === 'inactive') {
      return sendPage(reply, 200, noticePage(pageContext(lang(), entry.resolution), 'notActive'));
    }
    // Step 5: the target. Only app links depend on the visitor (their phone's store).
    let target = entry.target;
    if (!target) {
      if (state.content.objectType === 'appLink') {
        target = resolveTarget(state.content, parseAgent(request.headers['user-agent']).os);
      } else {
        target = entry.target = resolveTarget(state.content, null);
      }
    }
    if (target.kind === 'unsafe') {
      return sendPage(reply, 200, noticePage(pageContext(lang(), entry.resolution), 'notActive'));
    }
    // Step 5b: the advertisement interstitial (never for bots, nor on the way back from it).
    if (entry.ads.length > 0) {
      const isBot = isBotRequest(request.method, request.headers['user-agent'], isBotAgent);
      const ad = advertisementFor(entry.ads, { isContinue, isBot });
      if (ad) {
        record(request, entry.resolution.item, at, { id: ad.id, kind: 'ad_view' });
        return sendPage(reply, 200, interstitial(entry, ad, code, lang()));
      }
    }
    if (target.kind === 'redirect') {
      return reply.headers(COMMON_HEADERS).redirect(target.location, 302);
    }
    return sendPage(reply, 200, landingPage(entry, target.page, code, lang()));
  }

  function interstitial(
    entry: CachedCode,
    ad: ScanAdvertisement,
    code: string,
    lang: Language,
  ): RenderedPage {
    const key = `ad:${ad.id}:${lang}`;
    let page = entry.pages.get(key);
    if (!page) {
      page = advertisementPage(pageContext(lang, entry.resolution), ad, code);
      entry.pages.set(key, page);
    }
    return page;
  }

  // GET {scan base}/{code}/ad/{adId}/click: the ad's click-through, counted as 'ad_click'.
  app.get<{ Params: CodeParams & { adId: string } }>(
    '/:code/ad/:adId/click',
    async (request, reply) => {
      const { entry } = await resolve(request);
      const ad = entry?.ads.find((candidate) => candidate.id === request.params.adId);
      const location = ad ? clickTarget(ad) : null;
      if (!entry || !ad || !location || entry.resolution.item.isRemoved) {
        return notFound(request, reply);
      }
      record(request, entry.resolution.item, now(), { id: ad.id, kind: 'ad_click' });
      return reply.headers(COMMON_HEADERS).redirect(location, 302);
    },
  );

  // GET {scan base}/{code}/contact.vcf: the contact card download (not counted as a scan).
  app.get<{ Params: CodeParams }>('/:code/contact.vcf', async (request, reply) => {
    const lang = pickLanguage(request.headers['accept-language']);
    const { entry } = await resolve(request);
    const state = checkState(entry?.resolution ?? null, now());
    if (state.kind === 'not_found') return notFound(request, reply);
    if (state.kind !== 'active' || state.content.objectType !== 'contact') {
      return sendPage(
        reply,
        200,
        noticePage(pageContext(lang, entry?.resolution ?? null), 'notActive'),
      );
    }
    return reply
      .headers(COMMON_HEADERS)
      .header('content-type', 'text/vcard; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${vcardFileName(state.content.data.name)}"`,
      )
      .send(buildVCard(state.content.data));
  });
};

function sendPage(reply: FastifyReply, status: number, page: RenderedPage): FastifyReply {
  return reply
    .code(status)
    .headers(COMMON_HEADERS)
    .header('content-security-policy', page.csp)
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .type('text/html; charset=utf-8')
    .send(page.html);
}
