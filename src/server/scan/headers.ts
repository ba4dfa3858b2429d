// The headers of every scan answer, in a module of their own so the benchmark's bare node:http
// server sends exactly these without loading the app.
export const COMMON_HEADERS = {
  // Every scan must reach us to be counted, and targets change: no caching anywhere.
  'cache-control': 'no-store, private',
  'x-robots-tag': 'noindex, nofollow',
  'x-content-type-options': 'nosniff',
};
