// Step 1 of the scan pipeline: turn the raw path segment and Host header into lookup keys, and
// refuse anything that cannot be a code before it reaches the cache or the database.

/** QR codes and short link uris (SPEC §5: a-z, A-Z, 0-9, - and _). */
const CODE_PATTERN = /^[A-Za-z0-9_-]{1,255}$/;

export function normaliseCode(raw: string | undefined): string | null {
  if (typeof raw !== 'string') return null;
  // Scanners and chat apps sometimes append punctuation or whitespace to a pasted URL.
  const code = raw.trim().replace(/[.,;:!?)\]]+$/, '');
  return CODE_PATTERN.test(code) ? code : null;
}

/** 'Scan.Example.com.:443' → 'scan.example.com'; '' when absent or not a host name. */
export function normaliseHost(raw: string | undefined): string {
  if (!raw) return '';
  let host = raw.trim().toLowerCase();
  if (host.startsWith('[')) return ''; // an IPv6 literal is never a white-label hostname
  host = host.replace(/:\d+$/, '').replace(/\.$/, '');
  return /^[a-z0-9.-]{1,253}$/.test(host) ? host : '';
}
