// GET /fonts/{family}/{subset}-{weight}-{style}.woff2: theme fonts from our own origin, so a
// landing page asks no other host for its font (Google Fonts would learn every scanning visitor's
// address — a German court fined exactly that under the GDPR). A file comes from, in this order:
//   1. an @fontsource package we ship (the most used families: they work offline, at once);
//   2. the copy under DATA_DIR/fonts/ that an earlier request fetched;
//   3. Google Fonts, fetched once by the server (never by the visitor) and kept in (2).
// Only the files of the catalogue (src/shared/fonts.ts) answer; anything else is a 404.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { findFontById, parseVariant } from '../shared/fonts.js';

/** Paths a white-label host serves as they are (not as scan codes). */
export const FONT_PATH = /^\/fonts\/[a-z0-9-]+\/[a-z0-9-]+-\d{3}-(normal|italic)\.woff2$/;

const FILE_NAME = /^([a-z0-9-]+)-(\d{3})-(normal|italic)\.woff2$/;
const MAX_FONT_BYTES = 2 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;
// css2 answers WOFF2 only to browsers it knows; this is a current Chrome's.
const BROWSER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

export interface FontOptions {
  /** Where fetched fonts are kept (DATA_DIR/fonts). */
  cacheDir: string;
  /** Google Fonts' address (GOOGLE_FONTS_URL); tests point it at a local stand-in. */
  googleFontsUrl: string;
}

interface FontFile {
  id: string;
  family: string;
  subset: string;
  weight: number;
  italic: boolean;
  name: string;
}

/** The requested file, if the catalogue has that family, subset and variant. */
function catalogueFile(id: string, name: string): FontFile | null {
  const font = findFontById(id);
  const match = FILE_NAME.exec(name);
  if (!font || !match) return null;
  const [, subset, weightText, style] = match;
  const weight = Number(weightText);
  const italic = style === 'italic';
  const known = font.variants.some((variant) => {
    const parsed = parseVariant(variant);
    return parsed.weight === weight && parsed.italic === italic;
  });
  if (!known || !font.subsets.includes(subset)) return null;
  return { id, family: font.family, subset, weight, italic, name };
}

/** The file in the @fontsource package of the family, when we ship one. */
function packagedFile(file: FontFile): string | null {
  try {
    // The packages export only their CSS; their LICENSE tells where the package lives.
    const license = createRequire(import.meta.url).resolve(`@fontsource/${file.id}/LICENSE`);
    const candidate = path.join(path.dirname(license), 'files', `${file.id}-${file.name}`);
    return fs.existsSync(candidate) ? candidate : null;
  } catch {
    return null;
  }
}

/** The WOFF2 address css2 gives for the subset (its blocks are headed by a subset comment). */
export function woff2UrlFor(css: string, subset: string): string | null {
  const blocks = [...css.matchAll(/(?:\/\*\s*([a-z0-9-]+)\s*\*\/\s*)?@font-face\s*\{([^}]*)\}/g)];
  const wanted =
    blocks.find((block) => block[1] === subset) ?? (blocks.length === 1 ? blocks[0] : null);
  const url = wanted ? /src:\s*url\(\s*['"]?([^'")\s]+)['"]?\s*\)/.exec(wanted[2])?.[1] : null;
  return url && /^https?:\/\//.test(url) ? url : null;
}

async function fetchFromGoogle(file: FontFile, options: FontOptions): Promise<Buffer> {
  const family = encodeURIComponent(file.family).replace(/%20/g, '+');
  const cssUrl =
    `${options.googleFontsUrl.replace(/\/+$/, '')}/css2?family=${family}:ital,wght@` +
    `${file.italic ? 1 : 0},${file.weight}&subset=${file.subset}&display=swap`;
  const headers = { 'user-agent': BROWSER_AGENT };
  const cssResponse = await fetch(cssUrl, {
    headers,
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!cssResponse.ok) throw new Error(`Google Fonts answered ${cssResponse.status} for ${cssUrl}`);
  const fontUrl = woff2UrlFor(await cssResponse.text(), file.subset);
  if (!fontUrl) throw new Error(`no WOFF2 for subset ${file.subset} in ${cssUrl}`);
  const fontResponse = await fetch(fontUrl, {
    headers,
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!fontResponse.ok)
    throw new Error(`Google Fonts answered ${fontResponse.status} for ${fontUrl}`);
  const bytes = Buffer.from(await fontResponse.arrayBuffer());
  if (bytes.length === 0 || bytes.length > MAX_FONT_BYTES)
    throw new Error(`unexpected font size ${bytes.length} from ${fontUrl}`);
  return bytes;
}

export function fontRoutes(app: FastifyInstance, options: FontOptions): void {
  // One fetch per file at a time, however many pages ask for it together.
  const inFlight = new Map<string, Promise<string>>();

  async function cachedOrFetched(file: FontFile, log: FastifyBaseLogger): Promise<string> {
    const cached = path.join(options.cacheDir, file.id, file.name);
    if (fs.existsSync(cached)) return cached;
    let pending = inFlight.get(cached);
    if (!pending) {
      pending = (async () => {
        const bytes = await fetchFromGoogle(file, options);
        await fs.promises.mkdir(path.dirname(cached), { recursive: true });
        const partial = `${cached}.${process.pid}.part`;
        await fs.promises.writeFile(partial, bytes);
        await fs.promises.rename(partial, cached);
        log.info({ font: `${file.id}/${file.name}` }, 'theme font fetched once and kept');
        return cached;
      })().finally(() => inFlight.delete(cached));
      inFlight.set(cached, pending);
    }
    return pending;
  }

  app.get<{ Params: { id: string; file: string } }>('/fonts/:id/:file', async (request, reply) => {
    const file = catalogueFile(request.params.id, request.params.file);
    const notFound = () => reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    if (!file) return notFound();
    let onDisk = packagedFile(file);
    if (!onDisk) {
      try {
        onDisk = await cachedOrFetched(file, request.log);
      } catch (error) {
        // Offline or refused: the page falls back to the system font stack of its CSS.
        request.log.warn({ err: error }, 'theme font unavailable');
        return notFound();
      }
    }
    return reply
      .header('content-type', 'font/woff2')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('access-control-allow-origin', '*')
      .header('x-content-type-options', 'nosniff')
      .send(fs.createReadStream(onDisk));
  });
}
