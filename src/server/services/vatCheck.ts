// The VAT number check of SPEC §5 against the EU's VIES service, with a local cache. When VIES
// does not answer OK (down, slow, a member state unavailable) the check passes: a customer is
// never kept from paying by a service outage.
import type { Db } from '../db/database.js';
import { normaliseVatNumber, splitVatNumber } from '../../shared/billing.js';
import { invalidField } from '../domain/errors.js';
import { findVatCheck, saveVatCheck } from '../repositories/vatChecks.js';

/** How long an answer of VIES is trusted. */
export const VAT_CACHE_MS = 7 * 24 * 60 * 60 * 1000;
const VIES_TIMEOUT_MS = 5000;

/** valid null: VIES could not say (the check passes). */
export interface VatCheck {
  valid: boolean | null;
  name: string | null;
}

interface ViesAnswer {
  isValid?: unknown;
  valid?: unknown;
  name?: unknown;
  userError?: unknown;
}

/** Legal forms and noise that registers write differently from how people type their name. */
const LEGAL_FORMS = new Set([
  'bv',
  'nv',
  'vof',
  'cv',
  'bvba',
  'srl',
  'sa',
  'sarl',
  'gmbh',
  'ag',
  'kg',
  'ltd',
  'limited',
  'plc',
  'inc',
  'llc',
  'ab',
  'as',
  'aps',
  'oy',
  'spa',
  'sl',
  'the',
  'en',
  'and',
]);

function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/(\b[a-z])\.(?=[a-z]\b\.?)/g, '$1')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((word) => word && !LEGAL_FORMS.has(word));
}

/** "Acme B.V." matches "ACME BV"; "Acme Trading" does not match "Other Co". */
export function companyNamesMatch(given: string, registered: string): boolean {
  return nameWords(given).join(' ') === nameWords(registered).join(' ');
}

export class VatChecker {
  constructor(
    private readonly db: Db,
    private readonly viesUrl: string,
  ) {}

  async check(vatNumber: string, now = new Date()): Promise<VatCheck> {
    const key = normaliseVatNumber(vatNumber);
    const split = splitVatNumber(key);
    if (!split) return { valid: false, name: null };
    const cached = await findVatCheck(this.db, key);
    if (cached && now.getTime() - Date.parse(cached.checkedAt) < VAT_CACHE_MS)
      return { valid: cached.valid, name: cached.name };
    const answer = await this.askVies(split.country, split.number);
    if (answer.valid !== null)
      await saveVatCheck(this.db, key, {
        valid: answer.valid,
        name: answer.name,
        checkedAt: now.toISOString(),
      });
    return answer;
  }

  private async askVies(country: string, number: string): Promise<VatCheck> {
    const unknown = { valid: null, name: null };
    try {
      const response = await fetch(
        `${this.viesUrl}/ms/${encodeURIComponent(country)}/vat/${encodeURIComponent(number)}`,
        { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(VIES_TIMEOUT_MS) },
      );
      if (!response.ok) return unknown;
      const body = (await response.json()) as ViesAnswer;
      // VIES answers 200 with userError MS_UNAVAILABLE, TIMEOUT, … when it could not check.
      if (typeof body.userError === 'string' && !['VALID', 'INVALID'].includes(body.userError))
        return unknown;
      const valid = typeof body.isValid === 'boolean' ? body.isValid : body.valid;
      if (typeof valid !== 'boolean') return unknown;
      const name =
        typeof body.name === 'string' && /[a-z0-9]/i.test(body.name) ? body.name.trim() : null;
      return { valid, name };
    } catch {
      return unknown;
    }
  }
}

/**
 * A business's VAT number and company name, as checkout needs them: an invalid number answers
 * vat_number_does_not_exist, a name unlike the registered one company_name_mismatch.
 */
export async function verifyBusiness(
  checker: VatChecker,
  vatNumber: string,
  companyName: string,
): Promise<void> {
  const check = await checker.check(vatNumber);
  if (check.valid === false)
    throw invalidField('vat_number_does_not_exist', '/vatNumber', 'This is not a valid VAT number');
  if (check.valid && check.name && !companyNamesMatch(companyName, check.name))
    throw invalidField(
      'company_name_mismatch',
      '/companyName',
      `The company name ${companyName} must match the name linked to the VAT number (${check.name})`,
      { x: companyName, registered: check.name },
    );
}
