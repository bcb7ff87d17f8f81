import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { KIT_TEXTS } from '../../domain/i18n/en/kit';
import { code128Bars } from './code128';

/** Standard PDF fonts are WinAnsi: anything outside Latin-1's printable range is replaced, never an error. */
export function pdfText(value: string | null | undefined): string {
  return (value ?? '').replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').replace(/[^\u0020-\u00ff]/g, '?');
}

function fit(font: PDFFont, text: string, size: number, maxWidth: number): string {
  let t = text;
  while (t.length > 1 && font.widthOfTextAtSize(t, size) > maxWidth) t = t.slice(0, -1);
  return t === text ? t : `${t.slice(0, -1)}.`;
}

/** Draws a Code 128 barcode of `text` in the box (quiet zones of 10 modules included in the width). */
export function drawBarcode(page: PDFPage, text: string, box: { x: number; y: number; width: number; height: number }) {
  const { bars, modules } = code128Bars(text);
  const module = Math.min(1.5, box.width / (modules + 20));
  const left = box.x + (box.width - modules * module) / 2;
  for (const [start, width] of bars) {
    page.drawRectangle({ x: left + start * module, y: box.y, width: width * module, height: box.height, color: rgb(0, 0, 0) });
  }
}

export interface LabelContent {
  kitId: string;
  patientName: string | null;
  dob: string | null;
  labName: string;
  requisitionId: string | null;
  collected: string | null;
}

/** A 4 x 2 inch sample label: kit id, patient name and date of birth (or PENDING PATIENT REGISTRATION), a Code 128 of the kit id. */
export async function renderSampleLabel(c: LabelContent): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Sample label ${c.kitId}`);
  doc.setProducer('Clinician portal');
  const page = doc.addPage([288, 144]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const margin = 10;
  const width = 288 - 2 * margin;
  page.drawText('KIT ID', { x: margin, y: 128, size: 6, font: regular });
  page.drawText(fit(bold, pdfText(c.kitId), 12, 150), { x: margin, y: 116, size: 12, font: bold });
  page.drawText(fit(regular, pdfText(`${c.labName}${c.requisitionId ? `  REQ ${c.requisitionId}` : ''}`), 7, 118), {
    x: margin + 150,
    y: 118,
    size: 7,
    font: regular,
  });
  if (c.patientName) {
    page.drawText(fit(bold, pdfText(c.patientName), 10, width), { x: margin, y: 102, size: 10, font: bold });
    page.drawText(pdfText(`DOB ${c.dob ?? 'unknown'}${c.collected ? `   Collected ${c.collected}` : ''}`), {
      x: margin,
      y: 91,
      size: 8,
      font: regular,
    });
  } else {
    page.drawRectangle({ x: margin, y: 89, width, height: 22, color: rgb(0.8, 0, 0) });
    page.drawText(KIT_TEXTS.pendingPatientRegistration, { x: margin + 6, y: 96, size: 10, font: bold, color: rgb(1, 1, 1) });
  }
  drawBarcode(page, c.kitId, { x: margin, y: 24, width, height: 58 });
  const idWidth = regular.widthOfTextAtSize(c.kitId, 8);
  page.drawText(pdfText(c.kitId), { x: (288 - idWidth) / 2, y: 13, size: 8, font: regular });
  return Buffer.from(await doc.save());
}

export interface ManifestContent {
  id: string;
  trackingNumber: string;
  provider: string;
  careLocation: string;
  createdAt: string;
  createdBy: string | null;
  comment: string | null;
  kits: Array<{ kitId: string; requisitionId: string | null; labName: string; panelName: string; collected: string | null }>;
}

/**
 * A printable (US Letter) shipping manifest: header with tracking number (and its barcode), provider, care location,
 * then the kits, paginated. Patient names are left out: the lab matches samples by kit and requisition id.
 */
export async function renderManifest(m: ManifestContent): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Shipping manifest ${m.id}`);
  doc.setProducer('Clinician portal');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [W, H, margin] = [612, 792, 40];
  const columns = [
    { title: '#', x: margin, width: 24 },
    { title: 'Kit ID', x: margin + 24, width: 90 },
    { title: 'Requisition', x: margin + 114, width: 90 },
    { title: 'Lab', x: margin + 204, width: 60 },
    { title: 'Panel / product', x: margin + 264, width: 190 },
    { title: 'Collected', x: margin + 454, width: 78 },
  ];
  let page = doc.addPage([W, H]);
  let y = H - margin;
  const header = () => {
    for (const col of columns) page.drawText(col.title, { x: col.x, y, size: 9, font: bold });
    y -= 4;
    page.drawLine({ start: { x: margin, y }, end: { x: W - margin, y }, thickness: 0.5 });
    y -= 12;
  };
  page.drawText('Shipping Manifest', { x: margin, y: y - 16, size: 18, font: bold });
  y -= 40;
  const facts: Array<[string, string]> = [
    ['Manifest', m.id],
    ['Tracking number', m.trackingNumber],
    ['Provider', m.provider],
    ['Care location', m.careLocation],
    ['Created', `${m.createdAt}${m.createdBy ? ` by ${m.createdBy}` : ''}`],
    ['Kits', String(m.kits.length)],
    ['Comment', m.comment ?? ''],
  ];
  for (const [k, v] of facts) {
    page.drawText(`${k}:`, { x: margin, y, size: 10, font: bold });
    page.drawText(fit(regular, pdfText(v), 10, 300), { x: margin + 100, y, size: 10, font: regular });
    y -= 14;
  }
  drawBarcode(page, m.trackingNumber, { x: W - margin - 190, y: H - margin - 110, width: 190, height: 50 });
  y -= 14;
  header();
  m.kits.forEach((kit, i) => {
    if (y < margin + 20) {
      page = doc.addPage([W, H]);
      y = H - margin;
      header();
    }
    const cells = [String(i + 1), kit.kitId, kit.requisitionId ?? '', kit.labName, kit.panelName, kit.collected ?? ''];
    cells.forEach((cell, c) => page.drawText(fit(regular, pdfText(cell), 9, columns[c].width - 4), { x: columns[c].x, y, size: 9, font: regular }));
    y -= 13;
  });
  const pages = doc.getPages();
  pages.forEach((p, i) => p.drawText(pdfText(`${m.id} - page ${i + 1} of ${pages.length}`), { x: margin, y: 20, size: 8, font: regular }));
  return Buffer.from(await doc.save());
}
