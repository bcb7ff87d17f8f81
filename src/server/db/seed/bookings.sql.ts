/**
 * Booking detail demo data, set-based (runs inside BULK_SEED_SQL after the bookings): products from the catalogue
 * (some paid), log entries (appointment and clinical notes, status changes, re-assignments) and one deterministic
 * pending booking for the end-to-end test (E2E_BOOKING_ID).
 */
export const E2E_BOOKING_ID = 'BK-E2E-PENDING';
/** The payment end-to-end booking: a confirmed NV visit in 20 days with two unpaid products, paid only by tests/e2e/payment.test.ts. */
export const E2E_PAYMENT_BOOKING_ID = 'BK-E2E-PAYMENT';

const catalogue = `(SELECT row_number() OVER (ORDER BY sort_order, id)::int AS rn, * FROM booking_services WHERE state_code IS NULL)`;
const authorOf = (clinicianAlias: string) => `COALESCE(${clinicianAlias}.first_name || ' ' || ${clinicianAlias}.last_name, 'Support Staff')`;

export const BOOKING_DETAIL_SEED_SQL = [
  `INSERT INTO booking_products (booking_id, product_id, slug, name, variant_id, variant_name, unit_price_cents, qty, payment_status, paid_cents, created_at)
   SELECT b.id, c.id, c.slug, c.title, c.variant_id, c.variant_name, c.price_cents, 1 + (i % 5 = 0)::int,
          CASE WHEN b.status = 'COMPLETED' OR (n = 1 AND i % 4 = 1) THEN 'PAID' ELSE 'UNPAID' END,
          CASE WHEN b.status = 'COMPLETED' OR (n = 1 AND i % 4 = 1) THEN c.price_cents * (1 + (i % 5 = 0)::int) END,
          b.created_at + make_interval(mins => n)
     FROM generate_series(1, (SELECT bookings FROM seed_params)) i
     JOIN bookings b ON b.id = 'BK' || lpad(i::text, 6, '0')
     CROSS JOIN LATERAL generate_series(1, 1 + i % 2) n
     JOIN ${catalogue} c ON c.rn = 1 + (i * 7 + n * 3) % (SELECT count(*) FROM booking_services WHERE state_code IS NULL)`,
  `INSERT INTO booking_log (booking_id, kind, note, author_id, author_name, created_at)
   SELECT b.id, e.kind, e.note, COALESCE(b.clinician_id::text, 'seed'), ${authorOf('c')}, LEAST(b.created_at + e.after, now() - interval '1 minute')
     FROM generate_series(1, (SELECT bookings FROM seed_params)) i
     JOIN bookings b ON b.id = 'BK' || lpad(i::text, 6, '0')
     LEFT JOIN clinicians c ON c.id = b.clinician_id
     CROSS JOIN LATERAL (VALUES
       (i % 2 = 0, 'APPOINTMENT_NOTE', 'Called the patient to confirm the appointment time.', interval '1 hour'),
       (i % 3 = 0, 'APPOINTMENT_NOTE', 'Patient asked to bring a photo ID to the visit.', interval '1 day'),
       (b.status IN ('COMPLETED', 'CLINICAL_SERVICE_COMPLETED'), 'CLINICAL_NOTE', 'Reviewed symptoms and history; swabs collected, counselling given.', interval '3 days 40 minutes'),
       (b.status IN ('CANCELLED', 'CANCELLED_NO_SHOW'), 'STATUS', 'Status changed to ' || b.status || ': patient did not attend.', interval '3 days 45 minutes'),
       (b.clinician_id IS NOT NULL AND i % 6 = 1, 'REASSIGNED', 'Patient Re-Assigned', interval '2 days')
     ) AS e(present, kind, note, after)
    WHERE e.present`,
  // The end-to-end booking: Jane Doe's pending NV visit later today with one unpaid product.
  `INSERT INTO patients (id, first_name, last_name, email, phone, mobile, has_account, dob, gender, gender_at_birth, pronoun, allergies,
     symptoms, medication, street, city, state, zip)
   VALUES (md5('patient-e2e-booking')::uuid, 'Erin', 'Ellison', 'erin.ellison.e2e@example.com', '7025550142', '7025550142', true,
     date '1991-04-12', 'female', 'female', 'She/her/hers', 'None', 'None', 'None', '1200 S Las Vegas Blvd', 'Las Vegas', 'NV', '89104')`,
  `INSERT INTO bookings (id, patient_id, clinician_id, care_type, care_location, status, start_at, end_at, timezone, created_at,
     customer_notes, intake_link, cal_com_unique_id, self_check_in_steps, document_keys)
   SELECT '${E2E_BOOKING_ID}', md5('patient-e2e-booking')::uuid, (SELECT assignees FROM seed_params)[1], 'STI_TESTING_VISIT',
          'CHARLESTON_NV_89104', 'BOOKED_PENDING_CONFIRMATION', t, t + interval '30 minutes', 'America/Los_Angeles', now() - interval '1 day',
          'End-to-end test booking', 'https://form.jotform.com/submission/5800000000999999', md5('cal-e2e'), ARRAY['CREATE_ACC'], '{}'::jsonb
     FROM (SELECT date_trunc('minute', now()) - interval '10 minutes' AS t) ts`,
  `INSERT INTO booking_products (booking_id, product_id, slug, name, variant_id, variant_name, unit_price_cents, qty, payment_status)
   SELECT '${E2E_BOOKING_ID}', id, slug, title, variant_id, variant_name, price_cents, 1, 'UNPAID' FROM booking_services WHERE id = 'pnl-check-me-out'`,
  // The payment end-to-end booking: its own patient, Jane Doe's confirmed NV visit in 20 days, two unpaid products.
  `INSERT INTO patients (id, first_name, last_name, email, phone, mobile, has_account, dob, gender, gender_at_birth, pronoun, allergies,
     symptoms, medication, street, city, state, zip)
   VALUES (md5('patient-e2e-payment')::uuid, 'Paige', 'Payne', 'paige.payne.e2e@example.com', '7025550177', '7025550177', true,
     date '1988-09-03', 'female', 'female', 'She/her/hers', 'None', 'None', 'None', '900 E Charleston Blvd', 'Las Vegas', 'NV', '89104')`,
  `INSERT INTO bookings (id, patient_id, clinician_id, care_type, care_location, status, start_at, end_at, timezone, created_at,
     customer_notes, intake_link, cal_com_unique_id, self_check_in_steps, document_keys)
   SELECT '${E2E_PAYMENT_BOOKING_ID}', md5('patient-e2e-payment')::uuid, (SELECT assignees FROM seed_params)[1], 'STI_TESTING_VISIT',
          'CHARLESTON_NV_89104', 'BOOKED_CONFIRMED', t, t + interval '30 minutes', 'America/Los_Angeles', now() - interval '1 day',
          'End-to-end payment booking', NULL, md5('cal-e2e-payment'), ARRAY['CREATE_ACC'], '{}'::jsonb
     FROM (SELECT date_trunc('day', now()) + interval '20 days 17 hours' AS t) ts`,
  `INSERT INTO booking_products (booking_id, product_id, slug, name, variant_id, variant_name, unit_price_cents, qty, payment_status)
   SELECT '${E2E_PAYMENT_BOOKING_ID}', id, slug, title, variant_id, variant_name, price_cents, 1, 'UNPAID' FROM booking_services
    WHERE id IN ('pnl-check-me-out', 'pnl-bv')`,
];
