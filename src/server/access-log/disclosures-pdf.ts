import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { describeAccess, type AccessLogRow } from '../../domain/access-log/access-log';
import { ACCESS_LOG_TEXTS } from '../../domain/i18n/en/access-log';
import { pdfText } from '../kits/pdf';

const PAGE = { width: 842, height: 595 }; // A4 landscape: five columns of a disclosure each
const MARGIN = 36;
const LINE = 13;
const COLUMNS = [
  { title: 'Date and time (UTC)', width: 120, value: (r: AccessLogRow) => r.at.replace('T', ' ').replace('Z', '') },
  { title: 'Who', width: 170, value: (r: AccessLogRow) => (r.actorName ? `${r.actorName} (${r.actorSub})` : r.actorSub) },
  { title: 'What was done', width: 330, value: (r: AccessLogRow) => describeAccess(r) },
  { title: 'Outcome', width: 70, value: (r: AccessLogRow) => r.outcome },
  { title: 'From', width: 80, value: (r: AccessLogRow) => r.clientIp ?? '' },
];

function clip(font: PDFFont, text: string, size: number, width: number): string {
  let t = pdfText(text);
  while (t.length > 1 && font.widthOfTextAtSize(t, size) > width - 6) t = t.slice(0, -1);
  return t;
}

/**
 * The accounting of disclosures of one patient (HIPAA §164.528): every access to the patient's data recorded in the
 * audit log, oldest first, with when, who, what and from where. A4 landscape, a header row on every page.
 */
export async function disclosuresPdf(
  patient: { id: string; name: string },
  rows: AsyncIterable<AccessLogRow>,
  now = new Date(),
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${ACCESS_LOG_TEXTS.disclosuresTitle} ${patient.id}`);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage;
  let y = 0;
  let count = 0;
  const header = (first: boolean) => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
    if (first) {
      page.drawText(pdfText(ACCESS_LOG_TEXTS.disclosuresHeading), { x: MARGIN, y, size: 13, font: bold });
      y -= LINE * 1.6;
      page.drawText(pdfText(`Patient: ${patient.name} (${patient.id})`), { x: MARGIN, y, size: 10, font });
      y -= LINE;
      page.drawText(pdfText(`Produced ${now.toISOString().replace('T', ' ').slice(0, 19)} UTC from the tamper-evident audit log`), {
        x: MARGIN,
        y,
        size: 10,
        font,
      });
      y -= LINE * 1.6;
    }
    let x = MARGIN;
    for (const c of COLUMNS) {
      page.drawText(c.title, { x, y, size: 9, font: bold });
      x += c.width;
    }
    y -= 4;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.5, color: rgb(0.4, 0.4, 0.4) });
    y -= LINE;
  };
  header(true);
  for await (const row of rows) {
    if (y < MARGIN) header(false);
    let x = MARGIN;
    for (const c of COLUMNS) {
      page!.drawText(clip(font, c.value(row), 8.5, c.width), { x, y, size: 8.5, font });
      x += c.width;
    }
    y -= LINE;
    count += 1;
  }
  if (y < MARGIN + LINE) header(false);
  page!.drawText(count === 0 ? "No access to this patient's data is recorded." : `${count} recorded accesses.`, {
    x: MARGIN,
    y: y - 4,
    size: 9,
    font: bold,
  });
  return doc.save();
}
