// A stand-in for the server behind the users screens, speaking the API's wire format over fetch:
// it answers the calls the screens make and records what they sent.
import { vi } from 'vitest';

export interface Sent {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (body: unknown) => { status: number; json?: unknown };

export function stubApi(routes: Record<string, Handler>) {
  const sent: Sent[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, body });
    const handler = routes[`${method} ${path}`];
    if (!handler) throw new Error(`unexpected ${method} ${path}`);
    const { status, json } = handler(body);
    return new Response(json === undefined ? null : JSON.stringify(json), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

export const refusal = (status: number, code: string, pointer?: string) => ({
  status,
  json: { errors: [{ code, detail: code, ...(pointer ? { source: { pointer } } : {}) }] },
});
