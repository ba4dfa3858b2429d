// A local stand-in for the EU's VIES REST service (GET /ms/{country}/vat/{number}), answering in
// its wire format: { isValid, name, userError, … }. Tests register numbers and can take it down.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ViesStandIn {
  url: string;
  /** Numbers VIES knows, without their country prefix key: 'NL123456789B01' → registered name. */
  registered: Map<string, string>;
  /** 'up' answers; 'down' answers 503; 'unavailable' answers 200 with MS_UNAVAILABLE. */
  mode: 'up' | 'down' | 'unavailable';
  /** How many checks reached the service. */
  requests: number;
  close: () => Promise<void>;
}

export async function startViesStandIn(): Promise<ViesStandIn> {
  const standIn = {
    registered: new Map<string, string>(),
    mode: 'up',
    requests: 0,
  } as ViesStandIn;
  const server = http.createServer((request, response) => {
    standIn.requests += 1;
    const match = /^\/ms\/([A-Z]{2})\/vat\/([0-9A-Z+*]+)$/.exec(request.url ?? '');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (standIn.mode === 'down')
      return send(503, { errorWrappers: [{ error: 'SERVICE_UNAVAILABLE' }] });
    if (!match) return send(400, { errorWrappers: [{ error: 'INVALID_INPUT' }] });
    const [, country, number] = match;
    const base = {
      countryCode: country,
      vatNumber: number,
      requestDate: new Date().toISOString(),
      requestIdentifier: '',
      originalVatNumber: number,
    };
    if (standIn.mode === 'unavailable')
      return send(200, { ...base, isValid: false, userError: 'MS_UNAVAILABLE', name: '---' });
    const name = standIn.registered.get(`${country}${number}`);
    return send(200, {
      ...base,
      isValid: name !== undefined,
      userError: name !== undefined ? 'VALID' : 'INVALID',
      name: name ?? '---',
      address: name ? 'Dam 1\n1012JS Amsterdam' : '---',
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  standIn.url = `http://127.0.0.1:${port}`;
  standIn.close = () => new Promise((resolve) => server.close(() => resolve()));
  return standIn;
}
