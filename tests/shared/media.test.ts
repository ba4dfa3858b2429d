import { describe, expect, it } from 'vitest';
import { checkUpload, extensionOf, remainingBytes } from '../../src/shared/media.js';

const plenty = { project: -1, customer: -1 };

describe('checkUpload', () => {
  it.each([
    ['sound', 'song.mp3', 1_000, null],
    ['sound', 'song.ogg', 1_000, 'mimes'],
    ['sound', 'song.mp3', 50_000_001, 'size'],
    ['avatar', 'me.svg', 5_000_000, null],
    ['avatar', 'me.svg', 5_000_001, 'size'],
    ['avatar', 'me.gif', 10, 'mimes'],
    ['cover', 'cover.png', 10_000_001, 'size'],
    ['logo', 'logo.JPEG', 10, null],
    ['image', 'photo.svg', 10, 'mimes'],
    ['file', 'anything.bin', 100_000_000, null],
    ['file', 'anything.bin', 100_000_001, 'size'],
  ] as const)('%s %s (%i bytes) → %s', (kind, name, size, expected) => {
    expect(checkUpload(kind, name, size, plenty)?.code ?? null).toBe(expected);
  });

  it('reports the size limit in KB', () => {
    expect(checkUpload('sound', 'a.wav', 60_000_000, plenty)).toEqual({
      code: 'size',
      meta: { max: 50000 },
    });
  });

  it('checks remaining project storage before customer storage', () => {
    expect(checkUpload('file', 'a.pdf', 2_000, { project: 1_000, customer: 500 })).toEqual({
      code: 'size_project',
      meta: { max: 1 },
    });
    expect(checkUpload('file', 'a.pdf', 2_000, { project: -1, customer: 1_500 })?.code).toBe(
      'size_customer',
    );
    expect(checkUpload('file', 'a.pdf', 2_000, { project: 2_000, customer: 2_000 })).toBeNull();
  });
});

describe('helpers', () => {
  it('reads extensions case-insensitively', () => {
    expect(extensionOf('A.B.PNG')).toBe('png');
    expect(extensionOf('noext')).toBe('');
  });
  it('computes remaining storage, -1 for unlimited', () => {
    expect(remainingBytes(300, 1000)).toBe(700);
    expect(remainingBytes(3000, 1000)).toBe(0);
    expect(remainingBytes(5, -1)).toBe(-1);
  });
});
