// The public scan service: GET {scan base}/{code} as a short pipeline of named steps, each in its
// own module — normalise (normalise.ts) → cache (cache.ts) → lookup (lookup.ts) → state
// (state.ts) → target (target.ts) → advertisement (advertisement.ts) → record (recorder.ts) →
// respond (pages.ts, below). A plain redirect served once is then answered from the cache before
// Fastify sees the request (leanScan below, leanPath.ts).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import type { Config } from '../config.js';
import type { Language } from '../../shared/enums.js';
import type { EventBus } from '../events/bus.js';
import type { AppMetrics } from '../ops/metrics.js';
import { UNKNOWN_CODES_PER_MINUTE } from '../../shared/constants.js';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { validateHeaderValue, type IncomingMessage, type ServerResponse } from 'node:http';
import { attemptLimit } from '../rateLimits.js';
import { verifyPassword } from '../security.js';
import { advertisementPage } from './adPage.js';
import {
  advertisementFor,
  clickTarget,
  isContinueRequest,
  loadAdvertisements,
  type ScanAdvertisement,
} from './advertisement.js';
import { ScanCache } from './cache.js';
import { DailySeed } from './dailySeed.js';
import { COMMON_HEADERS } from './headers.js';
import { getCountryLookup, type CountryLookup } from './geo.js';
import { answerFirst, createHostKeys, leanScanKeys, type LeanRequest } from './leanPath.js';
import { loadMessages, pickLanguage } from './i18n.js';
import { lookup, type Resolution, type ScanItem } from './lookup.js';
import { normaliseCode } from './normalise.js';
import type { RenderedPage } from './html.js';
import {
  ageGatePage,
  appLinkPage,
  contactPage,
  noticePage,
  passwordPage,
  soundPage,
  textAreaPage,
  unavailablePage,
  type PageContext,
} from './pages.js';
import {
  decide,
  outcomeOf,
  preferredLanguage,
  splitBucket,
  type CompiledSmart,
  type Decision,
  type Outcome,
  type Visitor,
} from './rules.js';
import {
  createScanEnricher,
  ScanRecorder,
  type RecorderOptions,
  type ScanCapture,
} from './recorder.js';
import { checkState } from './state.js';
import { DEFAULT_THEME } from './theme.js';
import { resolveTarget, type LandingPage, type Target } from './target.js';
import { buildVCard, vcardFileName } from './vcard.js';
import type { ActionContent } from '../../shared/schemas/action.js';
import {
  createBotDetector,
  createUserAgentParser,
  isBotRequest,
  normaliseIp,
  visitorHash,
} from './visitor.js';

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
  /** IP → country for smart-code country rules (the offline database by default). */
  countryOf?: CountryLookup;
  /** The app's Prometheus metrics: the scan path counts its cache hits and misses there. */
  metrics?: Pick<AppMetrics, 'scanCacheLookups'>;
}

/** Wrong passwords per visitor and code before the password page makes them wait. */
export const PASSWORD_ATTEMPTS = 5;
export const PASSWORD_WINDOW_MS = 10 * 60_000;
const AGE_COOKIE_MAX_AGE = 30 * 24 * 3600;
const UNLOCK_COOKIE_MAX_AGE = 24 * 3600;

const ageCookie = (itemId: string) => `qrhub_age_${itemId}`;
const unlockCookie = (itemId: string) => `qrhub_unlock_${itemId}`;
/** An unlock cookie's value: keyed by the stored hash, so a new password locks everyone out. */
const unlockToken = (passwordHash: string, itemId: string) =>
  createHmac('sha256', passwordHash).update(itemId).digest('base64url');

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The recorder a scan plugin writes through, enriching rows with the visitor's country. */
export function createScanRecorder(db: Db, options: RecorderOptions = {}): ScanRecorder {
  const seed = options.seed ?? new DailySeed();
  return new ScanRecorder(db, createScanEnricher(getCountryLookup(), seed), { ...options, seed });
}

/** A cache entry: the lookup plus the pages rendered from it, per language. */
interface CachedCode {
  resolution: Resolution;
  pages: Map<string, RenderedPage>;
  /** The QR code's advertisements: a scan shows one of them before the Action. */
  ads: ScanAdvertisement[];
  /** The target when it does not depend on the visitor (all but app links); filled on first use. */
  target?: Target;
  /** The same for each smart-code target (rule, variant, fallback) served so far. */
  outcomes: Map<ActionContent, Outcome>;
  /**
   * The whole answer's headers when it is a plain 302 (no rules, no advertisement, a target that
   * does not depend on the visitor), once served: the lean path (scan/leanPath.ts) writes it.
   */
  leanRedirect?: Record<string, string>;
  /**
   * The same for each smart-code target served so far as a plain 302 (no advertisement): the
   * lean path decides the rule itself and writes the answer only when it is one of these.
   */
  leanOutcomes?: Map<ActionContent, Record<string, string>>;
}

type CodeParams = { code: string };

export const scanPlugin: FastifyPluginAsync<ScanPluginOptions> = async (app, options) => {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const messages = loadMessages();
  const parseAgent = createUserAgentParser();
  const isBotAgent = createBotDetector();
  // null caches "no such code" too, so enumeration does not hammer the database.
  const cache = new ScanCache<CachedCode | null>(options.cacheTtlMs);
  // The cache's host names, one rule for the route and the lean path (leanPath.ts hostKey).
  const hostKeys = createHostKeys();
  const unfollow = cache.followEvents(options.events);
  const { recorder } = options;
  const unknownCodes = attemptLimit(app, 'unknown-code', UNKNOWN_CODES_PER_MINUTE, 60_000);
  // Wrong passwords count per visitor and code: one code's guesser does not lock out another's.
  const passwordTries = attemptLimit(
    app,
    'scan-password',
    PASSWORD_ATTEMPTS,
    PASSWORD_WINDOW_MS,
    (request) => `${request.ip}\n${(request.params as Partial<CodeParams>).code ?? ''}`,
  );
  const countryOf = options.countryOf ?? getCountryLookup();

  // The gates' forms post application/x-www-form-urlencoded.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

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
    const host = hostKeys(request.hostname);
    const hit = cached(host, code);
    return hit !== undefined ? { code, entry: hit } : fill(code, host);
  }

  const lookups = options.metrics?.scanCacheLookups;
  /** Step 2, counted for /metrics. */
  function cached(host: string, code: string): CachedCode | null | undefined {
    const entry = cache.get(host, code);
    if (lookups) {
      if (entry === undefined) lookups.miss++;
      else lookups.hit++;
    }
    return entry;
  }

  // One lookup per code at a time: when an entry expires under load, the requests that arrive
  // meanwhile wait for that lookup instead of each running its own.
  const filling = new Map<string, Promise<Resolved>>();
  function fill(code: string, host: string): Promise<Resolved> {
    const key = ScanCache.key(host, code);
    let pending = filling.get(key);
    if (!pending) {
      pending = fillOnce(code, host).finally(() => filling.delete(key));
      filling.set(key, pending);
    }
    return pending;
  }

  let outageLoggedAt = 0;
  async function fillOnce(code: string, host: string): Promise<Resolved> {
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
    if (resolution?.action?.smart.needs.scanNumber) {
      await recorder.loadCountedScans(resolution.item.id);
    }
    const entry = resolution
      ? { resolution, pages: new Map<string, RenderedPage>(), ads, outcomes: new Map() }
      : null;
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
    request: LeanRequest,
    item: ScanItem,
    at: Date,
    ad?: { id: string; kind: 'ad_view' | 'ad_click' },
    served?: { rule: string | null; variant: string | null },
    facts: VisitorFacts = NO_FACTS,
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
      rule: served?.rule ?? null,
      variant: served?.variant ?? null,
      agent: facts.agent,
      country: facts.country,
    });
  }

  function landingPage(
    entry: CachedCode,
    page: LandingPage,
    code: string,
    lang: Language,
    content: ActionContent | null | undefined = entry.resolution.action?.content,
    servedKey = '',
  ): RenderedPage {
    const key = `${page}:${lang}:${servedKey}`;
    const cached = entry.pages.get(key);
    if (cached) return cached;
    const ctx = pageContext(lang, entry.resolution);
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

  // The lean path: a cached plain redirect, answered before Fastify sees the request. Only under a
  // prefix: scans on a host of their own share the root with routes Fastify matches first.
  // What the app gave Fastify as trustProxy (app.ts): it decides what request.ip and hostname read.
  const { trustProxy } = options.config;
  if (app.prefix) {
    let undo = () => {};
    app.addHook('onReady', async () => {
      undo = answerFirst(app.server, leanScan);
    });
    // A closing app answers 503 to new requests: Fastify's, from here on.
    app.addHook('preClose', async () => undo());
  }

  /** Steps 1–7 of a cached plain redirect, with the very answer the route would write. */
  function leanScan(raw: IncomingMessage, response: ServerResponse): boolean {
    const keys = leanScanKeys(raw, app.prefix, trustProxy, hostKeys);
    const entry = keys && cached(keys.host, keys.code);
    if (!entry || (!entry.leanRedirect && !entry.leanOutcomes)) return false;
    const at = now();
    const state = checkState(entry.resolution, at);
    if (state.kind !== 'active') return false;
    const request = { method: 'GET', ip: raw.socket.remoteAddress ?? '', headers: raw.headers };
    const item = entry.resolution.item;
    if (entry.leanRedirect) {
      record(request, item, at);
      response.writeHead(302, entry.leanRedirect).end();
      return true;
    }
    // A smart code: the route's own decision; only a redirect it has already served goes here.
    const smart = entry.resolution.action?.smart;
    if (!smart || smart.isPlain) return false;
    const known = smart.needs.scanNumber ? recorder.countedScans(item.id) : 0;
    if (known === undefined) return false;
    const facts: VisitorFacts = {};
    const visitor = visitorOf(request, item.id, smart, known, at, facts);
    const decision = decide(smart, state.content, visitor);
    if (decision.kind !== 'content') return false;
    const headers = entry.leanOutcomes?.get(decision.content);
    if (!headers) return false;
    record(request, item, at, undefined, servedOf(decision), facts);
    response.writeHead(302, headers).end();
    return true;
  }

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
    const item = entry.resolution.item;
    const smart = state.kind === 'active' ? entry.resolution.action?.smart : undefined;
    if (smart && !smart.isPlain) {
      const known = smart.needs.scanNumber ? recorder.countedScans(item.id) : 0;
      if (known === undefined) {
        return recorder.loadCountedScans(item.id).then(() => scan(request, reply, { code, entry }));
      }
      return smartScan(
        request,
        reply,
        code,
        entry,
        state.kind === 'active' ? state.content : null,
        smart,
        known,
        at,
        isContinue,
      );
    }
    if (!item.isRemoved && !isContinue) record(request, item, at);
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
        if (entry.ads.length === 0) entry.leanRedirect = leanRedirectOf(target);
      }
    }
    return respond(request, reply, code, entry, target, at, isContinue);
  }

  /** Step 5 for an Action with smart fields: the one decision the simulator makes too. */
  function smartScan(
    request: FastifyRequest<{ Params: CodeParams }>,
    reply: FastifyReply,
    code: string,
    entry: CachedCode,
    content: ActionContent | null,
    smart: CompiledSmart,
    known: number,
    at: Date,
    isContinue: boolean,
  ): FastifyReply | Promise<FastifyReply> {
    const item = entry.resolution.item;
    const userAgent = request.headers['user-agent'];
    const facts: VisitorFacts = {};
    const decision = decide(smart, content!, visitorOf(request, item.id, smart, known, at, facts));
    const lang = () => pickLanguage(request.headers['accept-language']);
    const ctx = () => pageContext(lang(), entry.resolution);
    // The gates are not scans yet: the scan counts once the visitor is through.
    if (decision.kind === 'ageGate') return sendPage(reply, 200, ageGatePage(ctx(), code));
    if (decision.kind === 'password') return sendPage(reply, 200, passwordPage(ctx(), code));
    const served = decision.kind === 'content' ? servedOf(decision) : undefined;
    // The recorder counts it on for scan-number rules and caps (scan/recorder.ts countedScans).
    if (!item.isRemoved && !isContinue) record(request, item, at, undefined, served, facts);
    if (decision.kind === 'unavailable') return sendPage(reply, 410, unavailablePage(ctx()));
    // A target that does not depend on the visitor is resolved once per entry (as for plain codes).
    const isAppLink = decision.content.objectType === 'appLink';
    let outcome = isAppLink ? undefined : entry.outcomes.get(decision.content);
    if (!outcome) {
      outcome = outcomeOf(decision, isAppLink ? parseAgent(userAgent).os : null);
      if (!isAppLink) {
        entry.outcomes.set(decision.content, outcome);
        const lean = entry.ads.length === 0 ? leanRedirectOf(outcome) : undefined;
        if (lean) (entry.leanOutcomes ??= new Map()).set(decision.content, lean);
      }
    }
    const target: Target =
      outcome.kind === 'redirect'
        ? { kind: 'redirect', location: outcome.location }
        : outcome.page === 'notActive' || !outcome.content
          ? { kind: 'unsafe' }
          : { kind: 'page', page: outcome.page as LandingPage };
    return respond(request, reply, code, entry, target, at, isContinue, decision.content, served);
  }

  /**
   * What the request tells about the visitor: only the facts the smart fields read. The user
   * agent and country it read go into `facts` too, for the recording of the same scan.
   */
  function visitorOf(
    request: LeanRequest,
    itemId: string,
    smart: CompiledSmart,
    known: number,
    at: Date,
    facts: VisitorFacts,
  ): Visitor {
    const userAgent = request.headers['user-agent'];
    const agent = smart.needs.agent ? parseAgent(userAgent) : null;
    const ip = smart.needs.country || smart.split ? normaliseIp(request.ip) : '';
    const cookies = smart.ageGate || smart.passwordHash ? cookiesOf(request) : {};
    const country = smart.needs.country ? countryOf(ip) : null;
    if (agent) facts.agent = agent;
    if (smart.needs.country) facts.country = country;
    return {
      country,
      device: agent?.device ?? 'unknown',
      os: agent?.os ?? null,
      language: smart.needs.language ? preferredLanguage(request.headers['accept-language']) : null,
      at,
      scanNumber: known + 1,
      bucket: smart.split ? splitBucket(visitorHash(recorder.seed.of(at), ip, userAgent ?? '')) : 0,
      ageConfirmed: smart.ageGate && cookies[ageCookie(itemId)] === '1',
      unlocked:
        smart.passwordHash !== null &&
        sameText(cookies[unlockCookie(itemId)] ?? '', unlockToken(smart.passwordHash, itemId)),
    };
  }

  /** Steps 5b–7: the advertisement, then the redirect or landing page. */
  function respond(
    request: FastifyRequest<{ Params: CodeParams }>,
    reply: FastifyReply,
    code: string,
    entry: CachedCode,
    target: Target,
    at: Date,
    isContinue: boolean,
    content?: ActionContent,
    served?: { rule: string | null; variant: string | null; key: string },
  ): FastifyReply | Promise<FastifyReply> {
    const lang = () => pickLanguage(request.headers['accept-language']);
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
    return sendPage(
      reply,
      200,
      landingPage(entry, target.page, code, lang(), content, served?.key),
    );
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

  /** The code's page again, after a gate's form (303: the browser GETs it). */
  const backToCode = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .headers(COMMON_HEADERS)
      .redirect(request.url.replace(/\/(age|password)(\?.*)?$/, ''), 303);

  // POST {scan base}/{code}/age: the visitor confirms being 18 or older (remembered 30 days).
  app.post<{ Params: CodeParams }>('/:code/age', async (request, reply) => {
    const { entry } = await resolve(request);
    const smart = entry?.resolution.action?.smart;
    if (!entry || !smart?.ageGate) return notFound(request, reply);
    const cookie = gateCookie(
      request,
      ageCookie(entry.resolution.item.id),
      '1',
      AGE_COOKIE_MAX_AGE,
    );
    return backToCode(request, reply.header('set-cookie', cookie));
  });

  // POST {scan base}/{code}/password: the right password unlocks the code for a day; wrong
  // ones count per visitor and code, and too many make the visitor wait (429).
  app.post<{ Params: CodeParams; Body: { password?: unknown } | undefined }>(
    '/:code/password',
    async (request, reply) => {
      const { code, entry } = await resolve(request);
      const smart = entry?.resolution.action?.smart;
      if (!code || !entry || !smart?.passwordHash) return notFound(request, reply);
      const ctx = pageContext(pickLanguage(request.headers['accept-language']), entry.resolution);
      const wait = await passwordTries.waitSeconds(request);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        return sendPage(reply, 429, passwordPage(ctx, code, 'tooMany'));
      }
      const password = request.body?.password;
      const right =
        typeof password === 'string' &&
        password.length <= 1024 &&
        (await verifyPassword(smart.passwordHash, password));
      if (!right) {
        await passwordTries.failed(request);
        return sendPage(reply, 401, passwordPage(ctx, code, 'wrong'));
      }
      const itemId = entry.resolution.item.id;
      const cookie = gateCookie(
        request,
        unlockCookie(itemId),
        unlockToken(smart.passwordHash, itemId),
        UNLOCK_COOKIE_MAX_AGE,
      );
      return backToCode(request, reply.header('set-cookie', cookie));
    },
  );

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

/** The headers Fastify writes for `reply.headers(COMMON_HEADERS).redirect(location, 302)`. */
function leanRedirectOf(target: Target | Outcome): Record<string, string> | undefined {
  if (target.kind !== 'redirect') return undefined;
  try {
    validateHeaderValue('location', target.location);
  } catch {
    return undefined; // Fastify's route answers what such a header makes of it
  }
  return { ...COMMON_HEADERS, location: target.location, 'content-length': '0' };
}

/** The request's cookies (the scan service reads only its gates' cookies, by hand). */
function cookiesOf(request: Pick<LeanRequest, 'headers'>): Record<string, string | undefined> {
  const cookies: Record<string, string> = {};
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  return cookies;
}

/** A gate's Set-Cookie: names and values are ids and base64url, so nothing needs encoding. */
function gateCookie(request: FastifyRequest, name: string, value: string, maxAge: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${name}=${value}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

/** What a smart decision read of the visitor, which the scan's recording takes as it is. */
type VisitorFacts = Pick<ScanCapture, 'agent' | 'country'>;
const NO_FACTS: VisitorFacts = Object.freeze({});

/** How a served decision is recorded, and the key its landing page is cached under. */
function servedOf(decision: Decision & { kind: 'content' }) {
  const rule = decision.rule?.name ?? null;
  const variant = decision.fallback ? 'fallback' : decision.variant;
  const key = decision.fallback
    ? 'fallback'
    : decision.rule
      ? `rule:${decision.rule.index}`
      : decision.variant
        ? `variant:${decision.variant}`
        : '';
  return { rule, variant, key };
}

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
