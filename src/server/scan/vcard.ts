// The contact card as a .vcf (vCard 3.0) via vcard-creator, which escapes ; , and \ itself.
import VCard, { type EmailType, type PhoneType } from 'vcard-creator';
import type { ContactData } from '../../shared/schemas/action.js';
import { countryName } from '../../shared/countries.js';

const EMAIL_TYPES: Record<string, EmailType> = { work: 'work', private: 'home', other: 'internet' };
const PHONE_TYPES: Record<string, PhoneType> = {
  mobile: 'cell',
  home: 'home',
  work: 'work',
  other: 'voice',
};

/** Strips line breaks: a value must never start a new vCard property. */
const line = (value: string | null | undefined) => (value ?? '').replace(/[\r\n]+/g, ' ').trim();

export function buildVCard(contact: ContactData): string {
  const card = new VCard();
  const name = line(contact.name);
  const space = name.lastIndexOf(' ');
  card.addName(
    space > 0
      ? { givenName: name.slice(0, space), familyName: name.slice(space + 1) }
      : { givenName: name },
  );
  if (contact.company.name) card.addCompany({ name: line(contact.company.name) });
  if (contact.company.position) card.addJobtitle(line(contact.company.position));
  for (const email of contact.emailAddresses) {
    card.addEmail({ address: line(email.email), type: [EMAIL_TYPES[email.type] ?? 'internet'] });
  }
  for (const phone of contact.phoneNumbers) {
    card.addPhoneNumber({
      number: line(phone.phoneNumber),
      type: [PHONE_TYPES[phone.type] ?? 'voice'],
    });
  }
  const { street, city, zipCode, country } = contact.address;
  if (street || city || zipCode || country) {
    card.addAddress({
      street: line(street),
      locality: line(city),
      postalCode: line(zipCode),
      country: country ? countryName(country, 'en') : '',
    });
  }
  if (contact.website.personal) card.addUrl({ url: line(contact.website.personal) });
  if (contact.website.linkedIn) card.addUrl({ url: line(contact.website.linkedIn) });
  return card.toString();
}

/** A safe download name: letters, digits and dashes only. */
export function vcardFileName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
  return `${base || 'contact'}.vcf`;
}
