// One check of a destination (issue 16 part 5): HEAD, then GET when HEAD is refused, redirects
// followed by hand (at most MAX_REDIRECTS), every hop through the webhooks' address guard so no
// hop reaches a private or loopback address unless the operator allows it, each request with a
// time limit and our User-Agent. robots.txt is read with robots-parser and obeyed.
import http from 'node:http';
import https from 'node:https';
import robotsParser from 'robots-parser';
import { checkedLookup, privateLiteralError, type Resolve } from '../webhooks/address.js';

export const HEALTH_USER_AGENT = 'QRHub-LinkChecker/1.0 (+destination health of QR Hub links)';
/** The User-Agent token robots.txt groups are matched against. */
export const ROBOTS_AGENT = 'QRHub-LinkChecker';
const MAX_REDIRECTS = 5;
const ROBOTS_MAX_BYTES = 512 * 1024;
/** Answers that say the server refuses HEAD rather than that the page is gone. */
const HEAD_REFUSED = new Set([400, 403, 405, 501]);
/** Answers that say the server is there and the page gated: not a broken destination. */
const UP_BUT_GATED = new Set([401, 403, 429]);

export interface ProbeOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  /** Another resolver than the system's; its answers are checked all the same. */
  resolve?: Resolve;
}

export type ProbeResult =
  | { outcome: 'up'; status: number }
  | { outcome: 'down'; error: string }
  /** robots.txt asks us not to fetch it: nothing was checked. */
  | { outcome: 'skipped' };

interface Answer {
  status: number;
  location: string | null;
  body: string;
}

function request(
  method: 'HEAD' | 'GET',
  url: URL,
  { allowPrivate, timeoutMs, resolve: resolveName }: ProbeOptions,
  readBody = false,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const refused = privateLiteralError(url, allowPrivate);
    if (refused) return reject(refused);
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method,
        headers: { 'user-agent': HEALTH_USER_AGENT, accept: '*/*' },
        lookup: checkedLookup(allowPrivate, resolveName),
        timeout: timeoutMs,
      },
      (response) => {
        const head = {
          status: response.statusCode ?? 0,
          location: response.headers.location ?? null,
        };
        // A page's body is never needed: stop after the headers.
        if (!readBody) {
          response.destroy();
          return resolve({ ...head, body: '' });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= ROBOTS_MAX_BYTES) chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ ...head, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    const timer = setTimeout(
      () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}

/** The final answer of `method` on `url`, redirects followed, each hop checked. */
async function follow(method: 'HEAD' | 'GET', start: URL, options: ProbeOptions, readBody = false) {
  let url = start;
  for (let hop = 0; ; hop++) {
    const answer = await request(method, url, options, readBody);
    if (answer.status < 300 || answer.status >= 400 || !answer.location) return answer;
    if (hop >= MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
    url = new URL(answer.location, url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`redirect to ${url.protocol} is not followed`);
  }
}

/** The robots.txt rules of one origin, read once per run (the caller keeps the map). */
export type RobotsCache = Map<
  string,
  Promise<{ isAllowed(url: string, ua?: string): boolean | undefined }>
>;

function robotsOf(origin: string, options: ProbeOptions, cache: RobotsCache) {
  let rules = cache.get(origin);
  if (!rules) {
    const robotsUrl = `${origin}/robots.txt`;
    rules = follow('GET', new URL(robotsUrl), options, true).then(
      // No robots.txt (4xx) allows everything; an error page or an unreachable file too: the
      // page check itself then tells whether the destination is up.
      (answer) =>
        robotsParser(robotsUrl, answer.status >= 200 && answer.status < 300 ? answer.body : ''),
      () => robotsParser(robotsUrl, ''),
    );
    cache.set(origin, rules);
  }
  return rules;
}

const short = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 250);

export async function probe(
  target: string,
  options: ProbeOptions,
  robots: RobotsCache = new Map(),
): Promise<ProbeResult> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { outcome: 'down', error: 'not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { outcome: 'down', error: `${url.protocol} is not checked` };
  const rules = await robotsOf(url.origin, options, robots);
  if (rules.isAllowed(url.href, ROBOTS_AGENT) === false) return { outcome: 'skipped' };
  try {
    let answer = await follow('HEAD', url, options);
    if (HEAD_REFUSED.has(answer.status)) answer = await follow('GET', url, options);
    if (answer.status < 400 || UP_BUT_GATED.has(answer.status))
      return { outcome: 'up', status: answer.status };
    return { outcome: 'down', error: `HTTP ${answer.status}` };
  } catch (error) {
    return { outcome: 'down', error: short(error) };
  }
}
