// A small authoritative DNS server on 127.0.0.1 for tests: answers A queries from a table (and
// NXDOMAIN otherwise), so white-label checks run through Node's real resolver.
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';

export interface TestDnsServer {
  /** `127.0.0.1:{port}`, for WHITE_LABEL_DNS_SERVER. */
  address: string;
  close: () => Promise<void>;
}

function readName(message: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let position = offset;
  while (message[position] !== 0) {
    const length = message[position];
    labels.push(message.subarray(position + 1, position + 1 + length).toString('ascii'));
    position += length + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: position + 1 };
}

export async function startDnsServer(records: Record<string, string>): Promise<TestDnsServer> {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, from) => {
    const { name, end } = readName(query, 12);
    const type = query.readUInt16BE(end);
    const address = type === 1 ? records[name] : undefined;
    const question = query.subarray(12, end + 4);
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2); // the query's id
    // Response, authoritative, recursion available; NXDOMAIN when the name is unknown.
    header.writeUInt16BE(0x8400 | 0x0080 | (records[name] ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(address ? 1 : 0, 6);
    const answer = address
      ? Buffer.concat([
          Buffer.from([0xc0, 0x0c]), // the name: a pointer to the question
          Buffer.from([0, 1, 0, 1, 0, 0, 0, 60, 0, 4]), // A, IN, TTL 60, 4 bytes
          Buffer.from(address.split('.').map(Number)),
        ])
      : Buffer.alloc(0);
    socket.send(Buffer.concat([header, question, answer]), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
