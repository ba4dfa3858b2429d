// Progress of a streaming print pack: the server writes each code's files as soon as they are
// made, EPS last, so the codes finished so far are the ZIP entries named *.eps seen so far. Their
// local file headers (PKZIP signature 50 4B 03 04, name length at 26, name at 30) are found in
// the stream as it arrives, across piece boundaries.
const SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const HEADER = 30;
/** Enough to hold one header and its name when it straddles two pieces. */
const KEEP = HEADER + 1024;

export class PackProgress {
  private tail = new Uint8Array(0);
  private codes = 0;

  /** Feeds the next piece; answers the codes finished so far. */
  feed(chunk: Uint8Array): number {
    const bytes = new Uint8Array(this.tail.length + chunk.length);
    bytes.set(this.tail);
    bytes.set(chunk, this.tail.length);
    let resume = Math.max(0, bytes.length - KEEP);
    for (let i = 0; i + HEADER <= bytes.length; i += 1) {
      if (!SIGNATURE.every((byte, k) => bytes[i + k] === byte)) continue;
      const nameLength = bytes[i + 26] | (bytes[i + 27] << 8);
      if (i + HEADER + nameLength > bytes.length) {
        resume = Math.min(resume, i);
        break;
      }
      const name = new TextDecoder().decode(bytes.subarray(i + HEADER, i + HEADER + nameLength));
      if (name.endsWith('.eps')) this.codes += 1;
      i += HEADER + nameLength - 1;
      resume = Math.max(resume, i + 1);
    }
    this.tail = bytes.slice(Math.min(resume, bytes.length));
    return this.codes;
  }
}
