import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Patient profile demo data (runs last in BULK_SEED_SQL): demographics from the spec's option lists, profile pictures
 * for every third patient, LABCORP orders, an event history for most patients, and three patients (E2E_EMPTY_PATIENTS)
 * with nothing at all, so every profile tab has data for some patients and is empty for others.
 */
export const DEMO_PROFILE_PIC_KEY = 'PROFILE_PICS/0d0c0000-0000-4000-8000-0000000000a1.png';
/** A 16 x 16 PNG (a grey silhouette). */
const PIC = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAALklEQVR4nGO4QyJgGAgNFUiAsIYKDDD0NJDsaYKAAg2YrsfqNrppwK8aWQ/JGgAh9i9Xjp6nigAAAABJRU5ErkJggg==',
  'base64',
);

/** The patients seeded without any booking, kit, order or event (ids md5('patient-empty-<n>')). */
export const E2E_EMPTY_PATIENTS = [
  { firstName: 'Quinn', lastName: 'Emptyfield', state: 'NV' },
  { firstName: 'Riley', lastName: 'Blankenship', state: 'CO' },
  { firstName: 'Sasha', lastName: 'Nothingham', state: 'TX' },
] as const;

export const PATIENT_PROFILE_SEED_SQL = [
  `UPDATE patients SET
     gender_identity = (ARRAY['Male','Female','Transgender male/Trans man/Female-to-Male (FTM)','Choose not to disclose',NULL])[1 + abs(hashtext('gi' || id)) % 5],
     race = (ARRAY['alaska','asian','Hawaiian','africa','white','other','unknown',NULL])[1 + abs(hashtext('ra' || id)) % 8],
     ethnicity = (ARRAY['hispani','not-hispani','unknown',NULL])[1 + abs(hashtext('et' || id)) % 4],
     sexual_orientation = (ARRAY['Straight or heterosexual','Lesbian, gay or homosexual','Bisexual','Pansexual',NULL])[1 + abs(hashtext('so' || id)) % 5],
     profile_pic_key = CASE WHEN abs(hashtext('pic' || id)) % 3 = 0 THEN '${DEMO_PROFILE_PIC_KEY}' END`,
  `INSERT INTO patients (id, first_name, last_name, email, phone, mobile, dob, gender, gender_at_birth, pronoun, street, city, state, zip)
   VALUES ${E2E_EMPTY_PATIENTS.map(
     (p, i) => `(md5('patient-empty-${i + 1}')::uuid, '${p.firstName}', '${p.lastName}',
     '${`${p.firstName}.${p.lastName}`.toLowerCase()}@example.com', '303555010${i + 1}', '303555010${i + 1}', '1990-05-0${i + 1}', 'female', 'female',
     'They/them/theirs', '${i + 1} Quiet Way', 'Nowhere', '${p.state}', '89104')`,
   ).join(', ')}`,
  `INSERT INTO orders (id, kit_id, patient_id, status, email, vendor, care_location, created_at, outbound_tracking, inbound_tracking)
   SELECT 'LC-' || (200000 + i), k.kit_id, k.patient_id, (ARRAY['PENDING_SHIPMENT','SHIPPED','DELIVERED','RESULTS_RECEIVED'])[1 + i % 4],
          p.email, 'LABCORP', k.care_location, k.created_at + interval '1 hour',
          CASE WHEN i % 4 >= 1 THEN 'https://www.fedex.com/fedextrack/?trknbr=7' || lpad(abs(hashtext('lo' || i))::text, 11, '0') END,
          CASE WHEN i % 4 >= 2 THEN 'https://www.fedex.com/fedextrack/?trknbr=7' || lpad(abs(hashtext('li' || i))::text, 11, '0') END
     FROM generate_series(1, (SELECT orders FROM seed_params) / 2) i
     JOIN kits k ON k.kit_id = 'KT' || lpad(((SELECT orders FROM seed_params) + i * 2)::text, 7, '0')
     JOIN patients p ON p.id = k.patient_id`,
  `INSERT INTO patient_events (patient_id, entity_type, entity_id, event_type, actor_type, created_at)
   SELECT patient_id, 'KIT', kit_id, 'KIT_REGISTERED', 'PATIENT', registration_date FROM kits
    WHERE patient_id IS NOT NULL AND abs(hashtext('ev' || patient_id)) % 5 <> 0
   UNION ALL
   SELECT patient_id, 'BOOKING', id, 'BOOKING_CREATED', 'PATIENT', created_at FROM bookings
    WHERE abs(hashtext('ev' || patient_id)) % 5 <> 0
   UNION ALL
   SELECT patient_id, 'ORDER', id, 'ORDER_' || status, 'SYSTEM', created_at FROM orders
    WHERE patient_id IS NOT NULL AND abs(hashtext('ev' || patient_id)) % 5 <> 0`,
];

/** Writes the demo profile picture into a local object-storage folder when it is missing (idempotent). */
export async function ensureDemoProfilePics(root: string): Promise<void> {
  const file = path.join(root, DEMO_PROFILE_PIC_KEY);
  try {
    await access(file);
  } catch {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, PIC);
  }
}
