import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The identity documents of the demo bookings: three small real files (two PNGs and a one-page PDF) at fixed object
 * keys, which the seed puts in bookings.document_keys. Local object storage gets them written at server start.
 */
export const DEMO_DOCUMENT_KEYS = {
  passport: 'IDENTITY_DOCUMENTS/0d0c0000-0000-4000-8000-000000000001.png',
  licence: 'IDENTITY_DOCUMENTS/0d0c0000-0000-4000-8000-000000000002.pdf',
  selfie: 'IDENTITY_DOCUMENTS/0d0c0000-0000-4000-8000-000000000003.png',
} as const;

const PDF = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 190] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj
4 0 obj << /Length 62 >> stream
BT /F1 14 Tf 20 150 Td (DEMO DRIVER LICENSE - NOT VALID) Tj ET
endstream endobj
5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;

const MESSAGE_PDF = Buffer.from(
  PDF.replace('DEMO DRIVER LICENSE - NOT VALID', 'DEMO LAB INSTRUCTIONS - SAMPLE').replace('/Length 62', '/Length 61'),
  'latin1',
);
const MESSAGE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGNwy9uCFTEMLQkAD1VaAYwJLkMAAAAASUVORK5CYII=', 'base64');

/** Two files attached to seeded message replies (the seed links each once). */
export const DEMO_MESSAGE_ATTACHMENT_KEYS = [
  {
    key: 'MESSAGE_ATTACHMENTS/0d0c0000-0000-4000-8000-000000000011.pdf',
    name: 'lab-instructions.pdf',
    type: 'application/pdf',
    size: MESSAGE_PDF.length,
  },
  {
    key: 'MESSAGE_ATTACHMENTS/0d0c0000-0000-4000-8000-000000000012.png',
    name: 'collection-diagram.png',
    type: 'image/png',
    size: MESSAGE_PNG.length,
  },
] as const;

const CONTENT: Record<string, Buffer> = {
  [DEMO_MESSAGE_ATTACHMENT_KEYS[0].key]: MESSAGE_PDF,
  [DEMO_MESSAGE_ATTACHMENT_KEYS[1].key]: MESSAGE_PNG,
  [DEMO_DOCUMENT_KEYS.passport]: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGNwy9uCFTEMLQkAD1VaAYwJLkMAAAAASUVORK5CYII=',
    'base64',
  ),
  [DEMO_DOCUMENT_KEYS.licence]: Buffer.from(PDF, 'latin1'),
  [DEMO_DOCUMENT_KEYS.selfie]: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGN4tm8BVsQwtCQAuZCRAeb8D6EAAAAASUVORK5CYII=',
    'base64',
  ),
};

/** Writes the demo documents into a local object-storage folder where they are missing (idempotent). */
export async function ensureDemoDocuments(root: string): Promise<void> {
  for (const [key, body] of Object.entries(CONTENT)) {
    const file = path.join(root, key);
    try {
      await access(file);
    } catch {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    }
  }
}
