// Debian's independent print tools, as a print shop would use them: rsvg-convert (SVG), pdftoppm
// (PDF) and Ghostscript (EPS) render a file to PNG, zbarimg reads the QR code in it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type PrintFileFormat = 'png' | 'svg' | 'pdf' | 'eps';

/** Renders `file` with the tool for its format at `dpi`; answers the PNG's path. */
export async function renderWithTool(
  file: string,
  format: PrintFileFormat,
  dpi = 300,
): Promise<string> {
  const out = `${file}.render.png`;
  if (format === 'png') return file;
  if (format === 'svg') {
    await run('rsvg-convert', [
      '-d',
      String(dpi),
      '-p',
      String(dpi),
      '-b',
      'white',
      '-o',
      out,
      file,
    ]);
  } else if (format === 'pdf') {
    await run('pdftoppm', [
      '-r',
      String(dpi),
      '-png',
      '-singlefile',
      file,
      out.replace(/\.png$/, ''),
    ]);
  } else {
    const device = ['-dEPSCrop', '-sDEVICE=png16m', `-r${dpi}`, `-sOutputFile=${out}`, file];
    await run('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', ...device]);
  }
  return out;
}

/** The text zbarimg reads from the QR code in a PNG; null when it finds none. */
export async function zbarDecode(png: string): Promise<string | null> {
  try {
    const { stdout } = await run('zbarimg', ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', png]);
    return stdout.trim() || null;
  } catch {
    return null;
  }
}
