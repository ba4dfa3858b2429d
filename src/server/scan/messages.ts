// The scan pages' texts: the "scan" section of locales/nl.json and locales/en.json. This module is
// the source that src/server/scan/tools/writeLocales.ts merges into those files; at run time the
// JSON files win, and these only fill keys that are missing there.

export interface ScanMessages {
  notActive: { title: string; text: string };
  notFound: { title: string; text: string };
  tooMany: { title: string; text: string };
  error: { title: string; text: string };
  /** Smart codes (issue 16): past the expiry or scan cap without a fallback. */
  unavailable: { title: string; text: string };
  ageGate: { title: string; text: string; confirm: string };
  password: { title: string; text: string; label: string; submit: string; wrong: string };
  contact: {
    save: string;
    email: string;
    phone: string;
    address: string;
    website: string;
    linkedIn: string;
    emailTypes: { work: string; private: string; other: string };
    phoneTypes: { mobile: string; home: string; work: string; other: string };
  };
  appLink: { appStore: string; playStore: string; website: string; by: string };
  sound: { unsupported: string };
  textArea: { title: string };
  advertisement: {
    title: string;
    label: string;
    /** '{seconds}' is replaced by the live countdown. */
    countdown: string;
    continue: string;
    visit: string;
  };
}

export const SCAN_MESSAGES: { nl: ScanMessages; en: ScanMessages } = {
  nl: {
    notActive: {
      title: 'Deze code is niet actief',
      text: 'Deze QR-code of link is op dit moment niet actief. Probeer het later nog eens.',
    },
    notFound: {
      title: 'Niet gevonden',
      text: 'Deze QR-code of link bestaat niet. Controleer het adres.',
    },
    tooMany: {
      title: 'Even geduld',
      text: 'Er zijn vanaf dit adres te veel onbekende codes geprobeerd. Probeer het over een minuut nog eens.',
    },
    error: {
      title: 'Er ging iets mis',
      text: 'Deze pagina kan nu niet worden getoond. Probeer het later nog eens.',
    },
    unavailable: {
      title: 'Niet meer beschikbaar',
      text: 'Deze QR-code of link is niet meer beschikbaar.',
    },
    ageGate: {
      title: 'Ben je 18 jaar of ouder?',
      text: 'Deze inhoud is alleen voor volwassenen. Bevestig dat je 18 jaar of ouder bent om verder te gaan.',
      confirm: 'Ja, ik ben 18 jaar of ouder',
    },
    password: {
      title: 'Wachtwoord nodig',
      text: 'Deze QR-code of link is beveiligd. Vul het wachtwoord in om verder te gaan.',
      label: 'Wachtwoord',
      submit: 'Verder',
      wrong: 'Het wachtwoord klopt niet. Probeer het nog eens.',
    },
    contact: {
      save: 'Contact opslaan',
      email: 'E-mail',
      phone: 'Telefoon',
      address: 'Adres',
      website: 'Website',
      linkedIn: 'LinkedIn',
      emailTypes: { work: 'Werk', private: 'Privé', other: 'Overig' },
      phoneTypes: { mobile: 'Mobiel', home: 'Thuis', work: 'Werk', other: 'Overig' },
    },
    appLink: {
      appStore: 'Download in de App Store',
      playStore: 'Ontdek het op Google Play',
      website: 'Website',
      by: 'door',
    },
    sound: { unsupported: 'Je browser kan dit geluid niet afspelen.' },
    textArea: { title: 'Informatie' },
    advertisement: {
      title: 'Advertentie',
      label: 'Advertentie',
      countdown: 'Je gaat automatisch verder over {seconds} s',
      continue: 'Doorgaan',
      visit: 'Meer informatie',
    },
  },
  en: {
    notActive: {
      title: 'This code is not active',
      text: 'This QR code or link is not active at the moment. Please try again later.',
    },
    notFound: {
      title: 'Not found',
      text: 'This QR code or link does not exist. Please check the address.',
    },
    tooMany: {
      title: 'Please wait',
      text: 'Too many unknown codes were tried from this address. Please try again in a minute.',
    },
    error: {
      title: 'Something went wrong',
      text: 'This page cannot be shown right now. Please try again later.',
    },
    unavailable: {
      title: 'No longer available',
      text: 'This QR code or link is no longer available.',
    },
    ageGate: {
      title: 'Are you 18 or older?',
      text: 'This content is for adults only. Confirm that you are 18 or older to continue.',
      confirm: 'Yes, I am 18 or older',
    },
    password: {
      title: 'Password required',
      text: 'This QR code or link is protected. Enter the password to continue.',
      label: 'Password',
      submit: 'Continue',
      wrong: 'The password is not correct. Please try again.',
    },
    contact: {
      save: 'Save contact',
      email: 'Email',
      phone: 'Phone',
      address: 'Address',
      website: 'Website',
      linkedIn: 'LinkedIn',
      emailTypes: { work: 'Work', private: 'Private', other: 'Other' },
      phoneTypes: { mobile: 'Mobile', home: 'Home', work: 'Work', other: 'Other' },
    },
    appLink: {
      appStore: 'Download on the App Store',
      playStore: 'Get it on Google Play',
      website: 'Website',
      by: 'by',
    },
    sound: { unsupported: 'Your browser cannot play this sound.' },
    textArea: { title: 'Information' },
    advertisement: {
      title: 'Advertisement',
      label: 'Advertisement',
      countdown: 'You will continue automatically in {seconds} s',
      continue: 'Continue',
      visit: 'More information',
    },
  },
};
