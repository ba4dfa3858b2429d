// <CountryMap>: the scans' alpha-2 countries shade their shapes on the world map (numeric ids in
// the map data), the rest stays unshaded, the tooltip names the country in the reader's language,
// and the map has a name for screen readers; in dark mode the unscanned land is dark too.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createTheme, ThemeProvider, type ThemeOptions } from '@mui/material/styles';
import { CountryMap } from '../../../src/dashboard/statistics/CountryMap';
import { countryLabel } from '../../../src/dashboard/statistics/format';
import { darkTheme as dark, lightTheme as light } from '../../../src/dashboard/themes';
import '../helpers';

const lightTheme = createTheme(light as ThemeOptions);
const darkTheme = createTheme(dark as ThemeOptions);

function renderMap(theme = lightTheme, locale = 'nl') {
  return render(
    <ThemeProvider theme={theme}>
      <CountryMap
        entries={[
          { key: 'NL', scans: 8 },
          { key: 'BE', scans: 2 },
          { key: 'XK', scans: 1 },
          { key: 'unknown', scans: 5 },
        ]}
        title="Scans op de wereldkaart"
        description="Wereldkaart van de scans per land"
        labelOf={(code) => countryLabel(code, locale)}
        tooltipOf={(country, scans) => `${country}: ${scans} scans`}
        noScansLabel="geen scans"
        locale={locale}
      />
    </ThemeProvider>,
  );
}

const shape = (container: HTMLElement, code: string) =>
  container.querySelector(`path[data-country="${code}"]`) as SVGPathElement;

describe('CountryMap', () => {
  it('shades the countries with scans, by their share, and names the map', () => {
    const { container } = renderMap();
    expect(screen.getByRole('img', { name: 'Wereldkaart van de scans per land' })).toBeTruthy();
    const nl = shape(container, 'NL');
    const be = shape(container, 'BE');
    const de = shape(container, 'DE');
    expect(nl.getAttribute('data-scans')).toBe('8');
    expect(be.getAttribute('data-scans')).toBe('2');
    expect(shape(container, 'XK').getAttribute('data-scans')).toBe('1');
    expect(de.getAttribute('data-scans')).toBe('0');
    // Three different fills: most, fewer, none.
    expect(new Set([nl, be, de].map((path) => path.getAttribute('fill'))).size).toBe(3);
    // Every country of the map data found its code (all but the two unrecognised territories).
    const coded = container.querySelectorAll('path[data-country]').length;
    expect(coded).toBeGreaterThanOrEqual(173);
  });

  it('tells the translated country and its count on hover', async () => {
    const { container } = renderMap();
    fireEvent.mouseOver(shape(container, 'BE'));
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', 'België: 2 scans');
  });

  it('keeps unscanned land dark in dark mode', () => {
    const light = shape(renderMap(lightTheme).container, 'DE').getAttribute('fill');
    const dark = shape(renderMap(darkTheme).container, 'DE').getAttribute('fill');
    expect(light).not.toBe(dark);
    expect(dark).toBe(darkTheme.palette.grey[800]);
  });
});
