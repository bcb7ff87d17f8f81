import { BOOKING_DETAIL_SEED_SQL } from './bookings.sql';
import { DEMO_DOCUMENT_KEYS } from './demo-documents';
import { MESSAGE_SEED_SQL } from './messages.sql';
import { PATIENT_PROFILE_SEED_SQL } from './patients.sql';

/**
 * Set-based demo data: every table filled with INSERT ... SELECT over generate_series, so that 100k kits
 * load in seconds (no row-by-row inserts). Values are deterministic for a given scale.
 * The counts and the clinician ids to assign come from the temp table seed_params (SEED_PARAMS_SQL).
 */
export const SEED_PARAMS_SQL = `CREATE TEMP TABLE seed_params ON COMMIT DROP AS
  SELECT $1::int AS patients, $2::int AS kits, $3::int AS bookings, $4::int AS orders, $5::int AS messages, $6::uuid[] AS assignees,
    $7::int AS days_back, $8::int AS days_ahead`;

/**
 * The seeded manifest of a kit KT<n>: kits n, n+10, ... of one care location, 750 kit numbers at a time (25 manifested
 * kits), and its deterministic tracking number (FedEx 12 digits or UPS 1Z...).
 */
const manifestOf = (kitId: string, location: string) =>
  `('MF-' || left(${location}, 3) || '-' || lpad((substr(${kitId}, 3)::int / 750 + 1)::text, 4, '0'))`;
const trackingOf = (manifest: string) =>
  `(CASE WHEN abs(hashtext(${manifest})) % 2 = 0 THEN '7' || lpad(abs(hashtext('fx' || ${manifest}))::text, 11, '0')
         ELSE '1Z' || upper(substr(md5('ups' || ${manifest}), 1, 16)) END)`;

export const BULK_SEED_SQL = [
  `CREATE TEMP TABLE seed_vocab ON COMMIT DROP AS SELECT
     ARRAY['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth','William','Barbara',
           'Richard','Susan','Joseph','Jessica','Thomas','Sarah','Carlos','Karen','Daniel','Lisa','Matthew','Nancy','Anthony',
           'Betty','Mark','Sandra','Donald','Ashley','Steven','Kimberly','Andrew','Emily','Joshua','Donna','Kevin','Michelle',
           'Brian','Carol','Luis','Amanda','Jorge','Melissa','Wei','Deborah','Aisha','Stephanie','Hiroshi','Rebecca',
           'Mateo','Laura','Omar','Sharon','Diego','Cynthia','Ravi','Kathleen','Noah','Amy'] AS first_names,
     ARRAY['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez','Hernandez',
           'Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin','Lee','Perez','Thompson',
           'White','Harris','Sanchez','Clark','Ramirez','Lewis','Robinson','Walker','Young','Allen','King','Wright','Scott',
           'Torres','Nguyen','Hill','Flores','Green','Adams','Nelson','Baker','Hall','Rivera','Campbell','Mitchell',
           'Carter','Roberts','Okafor','Tanaka','Kowalski','Haddad','Novak','Singh','Cohen','Murphy','Ali','Reyes'] AS last_names,
     ARRAY['NV','CO','CA','NY','TX','FL','WA','AZ','IL','GA','OR','UT','NM','MA','PA','NV','CO','CA'] AS states,
     ARRAY['Las Vegas','Denver','Los Angeles','New York','Austin','Miami','Seattle','Phoenix','Chicago','Atlanta',
           'Portland','Salt Lake City','Albuquerque','Boston','Philadelphia','Henderson','Boulder','San Diego'] AS cities,
     ARRAY['89104','80202','90012','10001','73301','33101','98101','85004','60601','30303','97201','84101','87102',
           '02108','19103','89002','80302','92101'] AS zips,
     ARRAY['Penicillin','None','Latex','Sulfa drugs','None','Peanuts','None','Shellfish'] AS allergies,
     ARRAY['None','Discharge','Burning sensation','Sore throat','None','Fatigue','Rash','None'] AS symptoms,
     ARRAY['None','Lisinopril','Metformin','Descovy','None','Truvada','Atorvastatin','None'] AS medications,
     ARRAY['She/her/hers','He/him/his','They/them/theirs','No preference'] AS pronouns,
     ARRAY['5-Panel STD Test','3-Panel STD Test','9-Panel STD Test','3 Site Chlamydia & Gonorrhea','Bacterial Vaginosis',
           'HPV','Mycoplasma Genitalium','PrEP Maintenance At-home STI Test','COVID-19 PCR (M19)'] AS products,
     ARRAY['LIFESCAN','CDD','CLEAR'] AS labs,
     ARRAY['ONLINE','DENVER_CAREHUB_01','CHARLESTON_NV_89104'] AS locations,
     ARRAY['America/Los_Angeles','America/Denver','America/Los_Angeles'] AS location_tz,
     ARRAY['SAMPLE_COLLECTED_PENDING_REVIEW','SAMPLE_APPROVED_PENDING_SHIPMENT_MANIFEST','SAMPLE_SHIPMENT_MANIFEST_CREATED',
           'REGISTERED','PENDING_RESULTS','REPORT_READY','COMPLETE','REJECTED','PENDING_RESULTS','REGISTERED'] AS kit_statuses,
     ARRAY['REGISTERED','APPROVED','REJECTED_BY_CLINICIAN','REPORT_READY','COMPLETE'] AS request_statuses,
     ARRAY['NEEDS_CLINICIAN_REVIEW','IN_PROGRESS','NEEDS_CONSULT','AUTO_RELEASE_SCHEDULED','RESULTS_RELEASED','COMPLETE',
           'PRE_PROCESS','PENDING_REVIEW','NO_PATIENT','INCONCLUSIVE'] AS result_statuses,
     ARRAY['Not Detected','Detected','Non-Reactive','Reactive','Negative','Inconclusive','Not Detected','Non-Reactive'] AS result_values,
     ARRAY['BOOKED_PENDING_CONFIRMATION','BOOKED_CONFIRMED','PT_RESCHEDULED_PENDING_CONFIRMATION','CL_RESCHEDULED_CONFIRMED',
           'CLINICAL_SERVICE_COMPLETED','COMPLETED','CANCELLED','CANCELLED_NO_SHOW','PT_RESCHEDULED_CONFIRMED',
           'CL_RESCHEDULED_PENDING_CONFIRMATION','UNKNOWN'] AS booking_statuses,
     ARRAY['TELEMED_CONSULT','STI_TESTING_VISIT','PREP_CONSULT','LAB_DRAW'] AS care_types,
     ARRAY['PENDING_SHIPMENT','SHIPPED','DELIVERED','PENDING_SHIPMENT','CANCELLED'] AS order_statuses,
     ARRAY['TEST_RESULT','APPOINTMENT_REQUEST','MESSAGE','DIRECT_MESSAGE','FREE_PREP_PROGRAM','BELUGA'] AS message_types,
     ARRAY['Question about my results','Rescheduling my appointment','Refill request','Side effects question',
           'Kit not received','Billing question'] AS subjects`,
  `INSERT INTO patients (id, first_name, last_name, preferred_name, email, phone, mobile, has_account, dob, gender, gender_at_birth, pronoun,
     allergies, symptoms, medication, street, city, state, zip, created_at, pass_member, share_with_pass)
   SELECT md5('patient-' || i)::uuid, fn, ln, CASE WHEN i % 6 = 0 THEN left(fn, 3) END,
          lower(fn || '.' || ln || i || '@example.com'), '702' || lpad(((i * 7919) % 10000000)::text, 7, '0'),
          '702' || lpad(((i * 7919) % 10000000)::text, 7, '0'), i % 7 <> 3,
          date '1955-01-01' + ((i * 97) % 17000), CASE WHEN i % 2 = 0 THEN 'female' ELSE 'male' END,
          CASE WHEN i % 17 = 0 THEN NULL WHEN i % 2 = 0 THEN 'female' ELSE 'male' END, v.pronouns[1 + i % 4],
          v.allergies[1 + i % 8], v.symptoms[1 + (i / 3) % 8], v.medications[1 + (i / 5) % 8],
          (100 + (i * 37) % 9800) || ' ' || (ARRAY['Main St','Oak Ave','Maple Dr','Cedar Ln','Pine St','Elm St'])[1 + i % 6],
          v.cities[1 + i % 18], v.states[1 + i % 18], v.zips[1 + i % 18], now() - make_interval(days => i % 900),
          -- PASS (performers' testing programme): every 5th patient is a member, half of the members share their results
          i % 5 = 0, i % 10 = 0
     FROM seed_vocab v, generate_series(1, (SELECT patients FROM seed_params)) i,
          LATERAL (SELECT v.first_names[1 + (i * 7) % 60] AS fn, v.last_names[1 + (i * 13 + i / 60) % 60] AS ln) n`,
  `INSERT INTO kits (kit_id, patient_id, patient_state, booking_id, product_name, lab_name, requisition_id, status, care_location,
     registration_date, sample_taken_date, received_date, created_at, ship_manifest_num)
   SELECT 'KT' || lpad(i::text, 7, '0'), p.id, p.state,
          CASE WHEN i % 3 = 0 AND i <= (SELECT bookings FROM seed_params) THEN 'BK' || lpad(i::text, 6, '0') END,
          v.products[1 + i % 9], v.labs[1 + i % 3], 'REQ-' || (500000 + i), v.kit_statuses[1 + i % 10], v.locations[1 + (i / 10) % 3],
          -- sample and receipt follow the registration, never in the future
          t, LEAST(t + interval '1 day', now()), CASE WHEN i % 10 >= 4 THEN LEAST(t + interval '4 days', now()) END, t,
          CASE WHEN v.kit_statuses[1 + i % 10] = 'SAMPLE_SHIPMENT_MANIFEST_CREATED' THEN ${trackingOf(manifestOf("'KT' || lpad(i::text, 7, '0')", 'v.locations[1 + (i / 10) % 3]'))} END
     FROM seed_vocab v, generate_series(1, (SELECT kits FROM seed_params)) i
          CROSS JOIN LATERAL (SELECT now() - make_interval(days => i % 75, hours => i % 24, mins => i % 60) AS t) ts
          LEFT JOIN patients p ON i % 23 <> 0 AND p.id = md5('patient-' || (1 + (i * 31) % (SELECT patients FROM seed_params)))::uuid`,
  `INSERT INTO lab_requests (kit_id, status, clinician_id, auto_approved, internal_note, external_note, patient_state, created_at)
   SELECT k.kit_id, v.request_statuses[1 + i % 5],
          -- hashtext decorrelates assignment from the patient/state pattern of the kit number
          CASE WHEN abs(hashtext('lr' || i)) % 4 = 0 THEN NULL
               ELSE ((SELECT assignees FROM seed_params))[1 + abs(hashtext('lc' || i)) % cardinality((SELECT assignees FROM seed_params))] END,
          v.request_statuses[1 + i % 5] = 'APPROVED' AND i % 2 = 0,
          CASE WHEN v.request_statuses[1 + i % 5] = 'REJECTED_BY_CLINICIAN' THEN 'Sample hemolysed; recollection required.' END,
          CASE WHEN v.request_statuses[1 + i % 5] = 'REJECTED_BY_CLINICIAN' THEN 'Hi, your sample could not be processed. Please collect a new sample.' END,
          p.state, k.created_at
     FROM seed_vocab v, generate_series(1, (SELECT kits FROM seed_params)) i JOIN kits k ON k.kit_id = 'KT' || lpad(i::text, 7, '0')
     LEFT JOIN patients p ON p.id = k.patient_id`,
  `INSERT INTO test_results (kit_id, status, clinician_id, results, patient_state, care_location, created_at, updated_at)
   SELECT k.kit_id, CASE WHEN k.patient_id IS NULL THEN 'NO_PATIENT'
                         WHEN v.result_statuses[1 + (i / 7) % 10] = 'NO_PATIENT' THEN 'NEEDS_CLINICIAN_REVIEW'
                         ELSE v.result_statuses[1 + (i / 7) % 10] END,
          CASE WHEN abs(hashtext('tr' || i)) % 5 = 0 THEN NULL
               ELSE ((SELECT assignees FROM seed_params))[1 + abs(hashtext('tc' || i)) % cardinality((SELECT assignees FROM seed_params))] END,
          jsonb_build_array(
            jsonb_build_object('testName', 'Chlamydia trachomatis', 'result', v.result_values[1 + i % 8], 'units', '', 'summaryStatus', NULL),
            jsonb_build_object('testName', 'Neisseria gonorrhoeae', 'result', v.result_values[1 + (i / 3) % 8], 'units', '', 'summaryStatus', NULL),
            jsonb_build_object('testName', 'HIV-1/2 Ag/Ab', 'result', 'Non-Reactive', 'units', '', 'summaryStatus', 'NEGATIVE'))
          || CASE WHEN i % 6 = 0 THEN jsonb_build_array(jsonb_build_object('testName', 'HSV-2 IgG, Type-Specific Antibody (Quantitative)',
               'result', ((i % 50) / 10.0)::numeric(4, 1)::text, 'units', 'index', 'summaryStatus', NULL)) ELSE '[]'::jsonb END,
          p.state, k.care_location, LEAST(k.created_at + interval '5 days', now()), LEAST(k.created_at + interval '5 days', now())
     FROM seed_vocab v, generate_series(1, (SELECT kits FROM seed_params)) i JOIN kits k ON k.kit_id = 'KT' || lpad(i::text, 7, '0')
     LEFT JOIN patients p ON p.id = k.patient_id
    WHERE i % 10 < 7`,
  // Lab request and test result statuses never contradict each other (the rule is
  // requestResultContradiction in src/domain/shared/statuses.ts): a released result completes its request, a request whose
  // result is not released is at most REPORT_READY, a rejected request has no result (so it was approved instead), and
  // a COMPLETE request without a result is REPORT_READY.
  `UPDATE lab_requests lr SET
     status = CASE WHEN tr.status IN ('RESULTS_RELEASED', 'COMPLETE') THEN 'COMPLETE' WHEN lr.status = 'COMPLETE' THEN 'REPORT_READY' ELSE 'APPROVED' END,
     internal_note = CASE WHEN lr.status = 'REJECTED_BY_CLINICIAN' THEN NULL ELSE lr.internal_note END,
     external_note = CASE WHEN lr.status = 'REJECTED_BY_CLINICIAN' THEN NULL ELSE lr.external_note END
     FROM test_results tr
    WHERE tr.kit_id = lr.kit_id
      AND (lr.status = 'REJECTED_BY_CLINICIAN'
           OR (lr.status IN ('REGISTERED', 'APPROVED') AND tr.status IN ('RESULTS_RELEASED', 'COMPLETE'))
           OR (lr.status = 'COMPLETE' AND tr.status NOT IN ('RESULTS_RELEASED', 'COMPLETE')))`,
  `UPDATE lab_requests lr SET status = 'REPORT_READY'
    WHERE lr.status = 'COMPLETE' AND NOT EXISTS (SELECT 1 FROM test_results tr WHERE tr.kit_id = lr.kit_id)`,
  // Bookings: the hubs in their own time zone, online visits in the patient's; detail fields (meeting, self check-in at
  // every stage, identity documents and reviews, completion facts) spread deterministically.
  `INSERT INTO bookings (id, patient_id, clinician_id, care_type, care_location, status, start_at, end_at, timezone, tag, created_at,
     customer_notes, intake_link, meeting_url, meeting_pwd, consult_medium, planned_mins, actual_mins, cal_com_unique_id, is_returning,
     self_check_in_steps, document_keys, identity_verified, clinical_service_mins, clinical_service_notes, actual_end_at, closing_notes,
     payment_mode, payment_amount_cents, payment_ref_id)
   SELECT 'BK' || lpad(i::text, 6, '0'), p.id,
          CASE WHEN i % 5 = 0 THEN NULL ELSE ((SELECT assignees FROM seed_params))[1 + i % cardinality((SELECT assignees FROM seed_params))] END,
          ct, loc, st, s, CASE WHEN i % 7 = 0 THEN NULL ELSE s + interval '30 minutes' END,
          CASE loc WHEN 'DENVER_CAREHUB_01' THEN 'America/Denver' WHEN 'CHARLESTON_NV_89104' THEN 'America/Los_Angeles'
            ELSE CASE WHEN p.state IN ('CO','UT','NM','AZ') THEN 'America/Denver' WHEN p.state IN ('TX','IL') THEN 'America/Chicago'
                      WHEN p.state IN ('NY','FL','GA','MA','PA') THEN 'America/New_York' ELSE 'America/Los_Angeles' END END,
          CASE WHEN i % 9 = 0 THEN 'Follow-up' END, LEAST(s - interval '3 days', now() - interval '1 hour'),
          (ARRAY[NULL, 'Prefers a female clinician', NULL, 'First visit, a bit nervous', NULL, 'Needs a Spanish-speaking clinician'])[1 + i % 6],
          CASE WHEN i % 2 = 0 THEN 'https://form.jotform.com/submission/' || (5800000000000000 + i) END,
          CASE WHEN ct = 'TELEMED_CONSULT' THEN 'https://meet.example.com/tbd-' || substr(md5('meet' || i), 1, 10) END,
          CASE WHEN ct = 'TELEMED_CONSULT' THEN substr(md5('pwd' || i), 1, 6) END,
          CASE WHEN ct = 'TELEMED_CONSULT' THEN CASE WHEN i % 8 = 0 THEN 'PHONE' ELSE 'VIDEO' END END,
          CASE WHEN ct = 'TELEMED_CONSULT' THEN 30 END,
          CASE WHEN ct = 'TELEMED_CONSULT' AND st IN ('COMPLETED', 'CLINICAL_SERVICE_COMPLETED') THEN 20 + i % 15 END,
          md5('cal' || i), i % 3 = 1,
          (ARRAY['CREATE_ACC','UPLOAD_GOV_ID','UPLOAD_ID_SELFIE','SIGN_WAIVER_CONSENT_FORM','IN_TAKE_FORM','PAYMENT'])[1:i % 7],
          CASE WHEN i % 7 >= 3 THEN jsonb_build_object(CASE WHEN i % 2 = 0 THEN 'IDENTITY_PASSPORT' ELSE 'IDENTITY_DRIVER_LICENSE' END,
                                                         CASE WHEN i % 2 = 0 THEN '${DEMO_DOCUMENT_KEYS.passport}' ELSE '${DEMO_DOCUMENT_KEYS.licence}' END,
                                                         'SELFIE', '${DEMO_DOCUMENT_KEYS.selfie}')
               WHEN i % 7 = 2 THEN jsonb_build_object('IDENTITY_PASSPORT', '${DEMO_DOCUMENT_KEYS.passport}')
               ELSE '{}'::jsonb END,
          CASE WHEN i % 7 >= 4 THEN CASE WHEN i % 5 = 0 THEN false WHEN i % 5 IN (1, 2, 3) THEN true END END,
          CASE WHEN st IN ('COMPLETED', 'CLINICAL_SERVICE_COMPLETED') THEN 15 + i % 20 END,
          CASE WHEN st IN ('COMPLETED', 'CLINICAL_SERVICE_COMPLETED') THEN 'Samples collected; counselling given; results expected in 3 days.' END,
          CASE WHEN st = 'COMPLETED' THEN s + interval '35 minutes' END,
          CASE WHEN st = 'COMPLETED' THEN 'Visit completed, patient left with aftercare instructions.' END,
          CASE WHEN st = 'COMPLETED' THEN (ARRAY['Customer Pay by link','Collect Payment page','Square Terminal','Customer Self check-in'])[1 + i % 4] END,
          CASE WHEN st = 'COMPLETED' THEN 4900 + (i % 5) * 1000 END,
          CASE WHEN st = 'COMPLETED' THEN CASE WHEN i % 4 = 0 THEN 'NA' ELSE 'SQ-' || upper(substr(md5('pay' || i), 1, 10)) END END
     FROM seed_vocab v, seed_params d, generate_series(1, d.bookings) i
          JOIN patients p ON p.id = md5('patient-' || (1 + (i * 17) % (SELECT patients FROM seed_params)))::uuid,
          LATERAL (SELECT date_trunc('day', now()) + make_interval(days => (i % (d.days_back + d.days_ahead + 1)) - d.days_back,
                                                                  hours => 14 + i % 10, mins => 30 * (i % 2)) AS s,
                          v.care_types[1 + i % 4] AS ct, CASE WHEN i % 4 = 0 THEN 'ONLINE' ELSE v.locations[1 + i % 3] END AS loc,
                          v.booking_statuses[1 + i % 11] AS st) ts`,
  ...BOOKING_DETAIL_SEED_SQL,
  `INSERT INTO orders (id, kit_id, patient_id, status, email, vendor, care_location, created_at, outbound_tracking, inbound_tracking)
   SELECT 'ORD-' || (100000 + i), k.kit_id, k.patient_id, v.order_statuses[1 + i % 5],
          COALESCE(p.email, 'orders+' || i || '@example.com'), CASE WHEN i % 2 = 0 THEN 'SALEOR' ELSE 'SHOPIFY' END, k.care_location, k.created_at,
          -- postal tracking links: outbound (kit to patient) once shipped, inbound (sample back to the lab) once delivered
          CASE WHEN v.order_statuses[1 + i % 5] IN ('SHIPPED', 'DELIVERED') THEN 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400'
            || lpad(abs(hashtext('ob' || i))::text, 10, '0') || lpad(abs(hashtext('ob2' || i))::text, 8, '0') END,
          CASE WHEN v.order_statuses[1 + i % 5] = 'DELIVERED' THEN 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9202'
            || lpad(abs(hashtext('ib' || i))::text, 10, '0') || lpad(abs(hashtext('ib2' || i))::text, 8, '0') END
     FROM seed_vocab v, generate_series(1, (SELECT orders FROM seed_params)) i JOIN kits k ON k.kit_id = 'KT' || lpad(i::text, 7, '0')
     LEFT JOIN patients p ON p.id = k.patient_id`,
  `INSERT INTO messages (id, patient_id, to_clinician_id, subject, content, message_type, from_actor_type, unread, status, created_at)
   SELECT md5('message-' || i)::uuid, md5('patient-' || (1 + (i * 11) % (SELECT patients FROM seed_params)))::uuid,
          CASE WHEN i % 3 = 0 THEN NULL ELSE ((SELECT assignees FROM seed_params))[1 + i % cardinality((SELECT assignees FROM seed_params))] END,
          v.subjects[1 + i % 6], '<p>Hello, I have a question about my recent visit. Could you please get back to me?</p>',
          v.message_types[1 + i % 6], 'P', i % 4 < 2, (ARRAY['NEEDS_REVIEW','IN_PROGRESS','DONE'])[1 + i % 3],
          now() - make_interval(hours => i * 3)
     FROM seed_vocab v, generate_series(1, (SELECT messages FROM seed_params)) i`,
  // Shipping manifests: the kits seeded in SAMPLE_SHIPMENT_MANIFEST_CREATED (their tracking number set above) travel in
  // manifests of 25 kits of one care location (ids MF-<location>-<nnnn>; those made in the portal are MF-<number>).
  `INSERT INTO shipping_manifests (id, tracking_number, provider, care_location, comment, created_by, created_by_name, created_at)
   SELECT g.id, g.tracking, CASE WHEN g.tracking LIKE '1Z%' THEN 'UPS' ELSE 'FEDEX' END, g.care_location, 'Shipping Manifest Created',
          c.id::text, c.first_name || ' ' || c.last_name, LEAST(g.last + interval '1 day', now())
     FROM (SELECT ${manifestOf('kit_id', 'care_location')} AS id, care_location, min(ship_manifest_num) AS tracking, max(created_at) AS last
             FROM kits WHERE status = 'SAMPLE_SHIPMENT_MANIFEST_CREATED' AND ship_manifest_num IS NOT NULL GROUP BY 1, 2) g
     CROSS JOIN (SELECT id, first_name, last_name FROM clinicians WHERE id = ((SELECT assignees FROM seed_params))[1]) c`,
  `INSERT INTO shipping_manifest_kits (manifest_id, kit_id)
   SELECT ${manifestOf('kit_id', 'care_location')}, kit_id FROM kits WHERE status = 'SAMPLE_SHIPMENT_MANIFEST_CREATED' AND ship_manifest_num IS NOT NULL`,
  ...MESSAGE_SEED_SQL, // secure-message threads
  ...PATIENT_PROFILE_SEED_SQL,
];
