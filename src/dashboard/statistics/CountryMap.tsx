// The country breakdown on a world map: each country shaded by its share of the scans, its
// translated name and count in a tooltip, and a legend from none to the most. Loaded lazily with
// its map data (world-atlas, Natural Earth 1:110m); the countries card beside it keeps the same
// figures as text for screen readers and keyboard users.
import { useMemo, type ReactNode } from 'react';
import { Box, Card, CardContent, Stack, Tooltip, Typography } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { geoEqualEarth, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import world from 'world-atlas/countries-110m.json';
import { abbreviateCount } from '../../shared/rules';
import { alpha2OfNumeric } from '../../shared/countryNumeric';
import type { BreakdownEntry } from '../../shared/statsAggregation';

const WIDTH = 800;
const HEIGHT = 400;
/** Natural Earth shapes without an ISO number, named instead. */
const BY_NAME: Record<string, string> = { Kosovo: 'XK' };

interface Shape {
  code: string | undefined;
  d: string;
}

/** The countries' outlines as SVG paths, projected once per page load. */
function useShapes(): Shape[] {
  return useMemo(() => {
    const topology = world as unknown as Topology<{
      countries: GeometryCollection<{ name: string }>;
    }>;
    const all = feature(topology, topology.objects.countries);
    // No scans come from Antarctica; without it the inhabited land fills the frame.
    const countries = {
      ...all,
      features: all.features.filter((country) => country.properties.name !== 'Antarctica'),
    };
    const projection = geoEqualEarth().fitSize([WIDTH, HEIGHT], countries);
    const path = geoPath(projection);
    return countries.features.map((country) => ({
      code:
        (country.id !== undefined ? alpha2OfNumeric(String(country.id)) : undefined) ??
        BY_NAME[country.properties.name],
      d: path(country) ?? '',
    }));
  }, []);
}

export interface CountryMapProps {
  entries: BreakdownEntry[];
  title: string;
  /** The whole map's name for assistive technology. */
  description: string;
  labelOf: (code: string) => string;
  tooltipOf: (label: string, scans: string) => string;
  noScansLabel: string;
  locale: string;
}

export function CountryMap({
  entries,
  title,
  description,
  labelOf,
  tooltipOf,
  noScansLabel,
  locale,
}: CountryMapProps): ReactNode {
  const theme = useTheme();
  const shapes = useShapes();
  const counts = new Map(entries.map((entry) => [entry.key.toUpperCase(), entry.scans]));
  const max = Math.max(1, ...counts.values());
  const accent = theme.palette.primary.main;
  // Unscanned land stands apart from the card in both modes; scanned land runs to the accent.
  const empty = theme.palette.mode === 'dark' ? theme.palette.grey[800] : theme.palette.grey[200];
  const fillOf = (scans: number) => alpha(accent, 0.25 + 0.75 * (scans / max));
  const number = new Intl.NumberFormat(locale);
  return (
    <Card variant="outlined" data-testid="stats-country-map">
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        <Box
          component="svg"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={description}
          sx={{ width: '100%', height: 'auto', display: 'block' }}
        >
          {shapes.map((shape, index) => {
            const scans = shape.code ? (counts.get(shape.code) ?? 0) : 0;
            const outline = (
              <path
                key={shape.code ?? `shape-${index}`}
                d={shape.d}
                fill={scans > 0 ? fillOf(scans) : empty}
                stroke={theme.palette.background.paper}
                strokeWidth={0.5}
                data-country={shape.code}
                data-scans={scans}
              />
            );
            if (!shape.code) return outline;
            const label = labelOf(shape.code);
            return (
              <Tooltip
                key={shape.code}
                title={
                  scans > 0 ? tooltipOf(label, number.format(scans)) : `${label}: ${noScansLabel}`
                }
                followCursor
                describeChild
              >
                {outline}
              </Tooltip>
            );
          })}
        </Box>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', mt: 1 }}
          aria-hidden
          data-testid="stats-country-map-legend"
        >
          <Box sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: empty }} />
          <Typography variant="caption" color="text.secondary">
            {noScansLabel}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ pl: 1 }}>
            1
          </Typography>
          <Box
            sx={{
              width: 120,
              height: 10,
              borderRadius: 0.5,
              background: `linear-gradient(to right, ${fillOf(1)}, ${fillOf(max)})`,
            }}
          />
          <Typography variant="caption" color="text.secondary">
            {abbreviateCount(max, locale)}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
