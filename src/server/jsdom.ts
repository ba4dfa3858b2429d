// jsdom takes some 90 MB of memory once loaded, and only rich-text landing pages and print files
// need it: it is loaded on their first use instead of at start, so a server that only redirects
// never carries it (the scan path's memory goal, issue 11).
import { createRequire } from 'node:module';
import type { JSDOM } from 'jsdom';

const require = createRequire(import.meta.url);

/** `new JSDOM(...)`, loading jsdom on the first call (Node keeps it loaded after that). */
export function newJsdom(...args: ConstructorParameters<typeof JSDOM>): JSDOM {
  const { JSDOM: Jsdom } = require('jsdom') as typeof import('jsdom');
  return new Jsdom(...args);
}
