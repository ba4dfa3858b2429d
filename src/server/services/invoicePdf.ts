// An invoice as a PDF (issue 10): number, dates, customer and VAT number, plan and period, net,
// VAT rate and amount, total; reverse charge says so. Texts come from locales/*.json
// (app.billing.pdf), money and dates in the customer admin's language.
import en from '../../../locales/en.json' with { type: 'json' };
import nl from '../../../locales/nl.json' with { type: 'json' };
import { formatMoney } from '../../shared/billing.js';
import type { Language } from '../../shared/enums.js';
import type { Invoice } from '../../shared/schemas/billing.js';
import { formatLocale } from '../../shared/locale.js';

type PdfTexts = Record<string, string>;
const TEXTS: Record<Language, PdfTexts> = {
  en: en.app.billing.pdf,
  nl: nl.app.billing.pdf,
};

/** Fills %{name} placeholders, as the dashboard's translations do. */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/%\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

function formatDate(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(formatLocale(language), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(iso));
}

export interface Seller {
  name: string;
}

export async function renderInvoicePdf(
  invoice: Invoice,
  language: Language,
  seller: Seller,
): Promise<Buffer> {
  const t = TEXTS[language];
  const money = (cents: number) => formatMoney(cents, language);
  const date = (iso: string) => formatDate(iso, language);
  // pdfkit loads with the first invoice, not at start (see converter/svgToPdf.ts).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${t.title} ${invoice.number}`, Author: seller.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fontSize(20).text(`${t.title} ${invoice.number}`);
  doc.moveDown(0.5).fontSize(10).fillColor('#555').text(seller.name).fillColor('#000');
  doc.moveDown();
  const line = (label: string, value: string) =>
    doc
      .font('Helvetica-Bold')
      .text(`${label}: `, { continued: true })
      .font('Helvetica')
      .text(value);
  line(t.number, invoice.number);
  line(t.issued, date(invoice.issuedAt));
  line(t.status, invoice.paidAt ? fill(t.paid_on, { date: date(invoice.paidAt) }) : t.open);
  doc.moveDown();
  doc.font('Helvetica-Bold').text(t.customer).font('Helvetica');
  doc.text(invoice.companyName ?? invoice.customerName);
  if (invoice.vatNumber) line(t.vat_number, invoice.vatNumber);
  doc.moveDown();
  line(t.plan, invoice.planName);
  line(t.period, `${date(invoice.periodStart)} – ${date(invoice.periodEnd)}`);
  line(t.billing_period, invoice.billingPeriod === 'year' ? t.yearly : t.monthly);
  doc.moveDown();
  line(t.net, money(invoice.netCents));
  line(fill(t.vat, { rate: invoice.vatRatePercent }), money(invoice.vatCents));
  doc.fontSize(12);
  line(t.total, money(invoice.totalCents));
  if (invoice.reverseCharge) doc.moveDown().fontSize(10).text(t.reverse_charge);
  doc.end();
  return done;
}
