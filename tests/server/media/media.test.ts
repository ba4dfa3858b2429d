import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkContent } from '../../../src/server/media/contentCheck.js';
import { DiskStorage, mediaKey } from '../../../src/server/media/storage.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrhub-media-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const WAV = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([36, 0, 0, 0]),
  Buffer.from('WAVEfmt '),
  Buffer.from([16, 0, 0, 0, 1, 0, 1, 0, 0x44, 0xac, 0, 0, 0x88, 0x58, 1, 0, 2, 0, 16, 0]),
  Buffer.from('data'),
  Buffer.from([0, 0, 0, 0]),
]);

function write(name: string, bytes: Buffer | string): string {
  const file = path.join(dir, `${Math.random()}-${name}`);
  fs.writeFileSync(file, bytes);
  return file;
}

describe('checkContent', () => {
  it.each([
    ['image', 'photo.png', PNG_1PX, true, 'image/png'],
    ['image', 'photo.jpg', PNG_1PX, false, undefined],
    ['image', 'photo.png', 'not really a png', false, undefined],
    [
      'avatar',
      'me.svg',
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>',
      true,
      'image/svg+xml',
    ],
    ['avatar', 'me.svg', PNG_1PX, false, undefined],
    ['sound', 'tone.wav', WAV, true, 'audio/wav'],
    ['sound', 'tone.mp3', WAV, false, undefined],
    ['file', 'anything.bin', 'plain bytes', true, 'application/octet-stream'],
    ['file', 'picture.dat', PNG_1PX, true, 'image/png'],
  ] as const)('%s %s → ok %s', async (kind, name, bytes, ok, mimeType) => {
    const result = await checkContent(kind, name, write(name, bytes));
    expect(result.ok).toBe(ok);
    if (result.ok) expect(result.mimeType).toBe(mimeType);
  });
});

describe('DiskStorage', () => {
  const storage = new DiskStorage(path.join(dir, 'store'));
  const key = mediaKey('01J00000000000000000000000', '01J00000000000000000000001');

  it('stores, streams and removes a file', async () => {
    const incoming = path.join(storage.temporaryDir, 'upload');
    fs.mkdirSync(storage.temporaryDir, { recursive: true });
    fs.writeFileSync(incoming, 'hello');
    await storage.putFile(key, incoming);
    expect(fs.existsSync(incoming)).toBe(false);
    const opened = await storage.open(key);
    expect(opened?.size).toBe(5);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello');
    await storage.remove(key);
    expect(await storage.open(key)).toBeNull();
  });

  it('refuses keys that could leave its folder', async () => {
    await expect(storage.open('../../etc/passwd')).rejects.toThrow(/unsafe media key/);
  });
});
