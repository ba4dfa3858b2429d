// The short unguessable code a QR code encodes in its scan URL.
import crypto from 'node:crypto';

// 62 letters and digits: URL-safe, and never trimmed by scanners as trailing punctuation.
const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 10 characters of 62: about 59 bits, far beyond guessing by enumeration. */
export const CODE_LENGTH = 10;

/** A random code; rejection sampling keeps every character equally likely. */
export function generateCode(length = CODE_LENGTH): string {
  const limit = 256 - (256 % CODE_ALPHABET.length);
  let code = '';
  while (code.length < length) {
    for (const byte of crypto.randomBytes(length * 2)) {
      if (byte < limit && code.length < length) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    }
  }
  return code;
}
