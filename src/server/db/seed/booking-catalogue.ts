/**
 * The demo store catalogue behind GET /api/cms/bookingServices (the CMS's booking services): consults, the STI panels
 * of spec 2 §9 and at-home kits, with prices in cents. stateCode null: offered everywhere.
 */
export interface CatalogueItem {
  id: string;
  stateCode: string | null;
  group: string;
  slug: string;
  title: string;
  variantId: string | null;
  variantName: string | null;
  priceCents: number;
}

const item = (group: string, id: string, title: string, priceCents: number, extra: Partial<CatalogueItem> = {}): CatalogueItem => ({
  id,
  stateCode: null,
  group,
  slug: title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, ''),
  title,
  variantId: null,
  variantName: null,
  priceCents,
  ...extra,
});

const CONSULTS = 'Consultations';
const PANELS = 'STI Panels';
const KITS = 'At-home Kits';

export const DEMO_CATALOGUE: CatalogueItem[] = [
  item(CONSULTS, 'svc-telemed-consult', 'Telemedicine Consult', 4900),
  item(CONSULTS, 'svc-sti-visit', 'STI Testing Visit', 2900),
  item(CONSULTS, 'svc-prep-consult-nv', 'PrEP Consult', 0, { stateCode: 'NV' }),
  item(CONSULTS, 'svc-prep-consult-co', 'PrEP Consult', 0, { stateCode: 'CO' }),
  item(CONSULTS, 'svc-lab-draw', 'Lab Draw', 2500),
  item(CONSULTS, 'svc-follow-up', 'Follow-up Consult', 3500, { variantId: 'var-follow-up-15', variantName: '15 minutes' }),
  item(PANELS, 'pnl-custom', 'Custom Panel', 9900),
  item(PANELS, 'pnl-performer', 'Performer Panel', 17900),
  item(PANELS, 'pnl-polyamorous', 'Polyamorous / Unsure Exposure Panel', 19900),
  item(PANELS, 'pnl-vip', 'The VIP Panel', 29900),
  item(PANELS, 'pnl-check-me-out', 'Check Me Out Panel', 14900),
  item(PANELS, 'pnl-3-site-oral-ct', '3 - Site Oral + Chlamydia', 8900),
  item(PANELS, 'pnl-bv', 'Bacterial Vaginosis', 6900),
  item(PANELS, 'pnl-hpv', 'HPV', 7900),
  item(PANELS, 'pnl-pass-performer', 'PASS Performer Panel', 18900, { variantId: 'var-pass-14d', variantName: '14-day certificate' }),
  item(PANELS, 'pnl-mgen', 'Mycoplasma genitalium', 8900),
  item(PANELS, 'pnl-rub', 'RUB Panel', 15900),
  item(PANELS, 'pnl-pass-spankchain', 'PASS/ Spankchain MGen Program', 12900),
  item(KITS, 'kit-5-panel', '5-Panel STD Test', 11900),
  item(KITS, 'kit-3-panel', '3-Panel STD Test', 7900),
  item(KITS, 'kit-9-panel', '9-Panel STD Test', 19900),
  item(KITS, 'kit-prep-maintenance', 'PrEP Maintenance At-home STI Test', 9900),
  item(KITS, 'kit-covid-pcr', 'COVID-19 PCR (M19)', 5900),
];

/** Inserts the catalogue in one statement (unnest over bound arrays). */
export const CATALOGUE_SEED_SQL = `INSERT INTO booking_services (id, state_code, group_title, slug, title, variant_id, variant_name, price_cents, sort_order)
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::int[])
  ON CONFLICT (id) DO NOTHING`;

export const catalogueSeedParams = (items: readonly CatalogueItem[] = DEMO_CATALOGUE) => [
  items.map((c) => c.id),
  items.map((c) => c.stateCode),
  items.map((c) => c.group),
  items.map((c) => c.slug),
  items.map((c) => c.title),
  items.map((c) => c.variantId),
  items.map((c) => c.variantName),
  items.map((c) => c.priceCents),
  items.map((_, n) => n + 1),
];
