// The converter client of SPEC §7 (through the dataProvider): only pdf and eps, with the multipart
// field `svg` = {name}.svg.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { convert, fileBaseName } from '../../../src/dashboard/qr-codes/download';

afterEach(() => vi.unstubAllGlobals());

describe('convert()', () => {
  it.each(['png', 'svg', 'jpg', 'PDF', ''])('refuses %j with SPEC’s message', async (ext) => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(convert('<svg/>', 'code', ext)).rejects.toThrow(
      `extension: ${ext} is not supported by converter api`,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each(['pdf', 'eps'] as const)('posts the SVG as {name}.svg to svg2%s', async (ext) => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) => new Response('%PDF', { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const blob = await convert('<svg xmlns="http://www.w3.org/2000/svg"/>', 'menu-card', ext);
    expect(await blob.text()).toBe('%PDF');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(`/api/converter/svg2${ext}`);
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({ 'Client-Type': 'dashboard' });
    // The multipart body sets its own Content-Type with the boundary.
    expect(init.headers).not.toHaveProperty('Content-Type');
    const file = (init.body as FormData).get('svg');
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('menu-card.svg');
    expect(await (file as File).text()).toContain('<svg');
  });

  it('reports the API’s error detail', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ errors: [{ code: 'invalid', detail: 'no metadata' }] }), {
            status: 422,
          }),
      ),
    );
    await expect(convert('<svg/>', 'x', 'eps')).rejects.toMatchObject({
      message: 'no metadata',
      status: 422,
      code: 'invalid',
    });
  });
});

describe('fileBaseName()', () => {
  it.each([
    ['Menukaart zomer 2026', 'Menukaart-zomer-2026'],
    ['../../etc/passwd', 'etc-passwd'],
    ['Café Crème', 'Cafe-Creme'],
    ['***', 'qr-code'],
  ])('%j → %j', (name, expected) => {
    expect(fileBaseName(name)).toBe(expected);
  });
});
