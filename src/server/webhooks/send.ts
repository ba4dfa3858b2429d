// One POST of a webhook delivery: node's http(s) with the checked lookup (address.ts), a time
// limit, and the response body read and dropped (only its status is kept).
import http from 'node:http';
import https from 'node:https';
import { checkedLookup, privateLiteralError } from './address.js';

export interface SendOptions {
  allowPrivate: boolean;
  timeoutMs: number;
}

/** The response status; rejects on a network error, a refused address or the time limit. */
export function postJson(
  url: string,
  headers: Record<string, string>,
  body: string,
  { allowPrivate, timeoutMs }: SendOptions,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const refused = privateLiteralError(target, allowPrivate);
    if (refused) return reject(refused);
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'qrhub-webhooks',
        },
        lookup: checkedLookup(allowPrivate),
        timeout: timeoutMs,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}
