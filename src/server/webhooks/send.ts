// One POST of a webhook delivery: node's http(s) with the checked lookup (address.ts), a time
// limit, and the response body read and dropped (only its status is kept).
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { checkedLookup, isPrivateAddress, PrivateAddressError } from './address.js';

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
    const host = target.hostname.replace(/^\[|\]$/g, '');
    // An IP literal is not looked up, so the lookup's check would never run for it.
    if (net.isIP(host) && !allowPrivate && isPrivateAddress(host))
      return reject(new PrivateAddressError(host));
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
