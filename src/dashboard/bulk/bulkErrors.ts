// What a failed bulk call tells the user: the server's own reason (errors.api.{code}, e.g. the
// QR code limit or label_link_limit_reached) when it gave one, else SPEC §8's generic notice.
export interface BulkErrorNotice {
  key: string;
  isSpecific: boolean;
}

export function errorCodeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code !== 'internal' && code !== 'network_error' ? code : null;
}

export function bulkErrorKey(error: unknown): string | null {
  const code = errorCodeOf(error);
  return code ? `errors.api.${code}` : null;
}
