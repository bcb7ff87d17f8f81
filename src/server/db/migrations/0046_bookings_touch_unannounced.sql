-- A booking write that only moves bookings.updated_at (lockedWrite after a note, a product or a log entry, whose
-- rows live in other tables that announce their own change) no longer announces a change of the bookings table to
-- the response cache (migrations 0038 and 0043). No answer reads updated_at, so the cached calendars, searches and
-- patient booking lists stay right; every other column of the booking still announces its change.
-- A column added to bookings later belongs in this list (tests/api/response-cache.test.ts checks it).
DROP TRIGGER bookings_data_changed ON bookings;
--> statement-breakpoint
CREATE TRIGGER bookings_data_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF id, patient_id, clinician_id, care_type,
  care_location, status, start_at, end_at, timezone, tag, customer_notes, intake_link, meeting_url, meeting_pwd, consult_medium,
  planned_mins, actual_mins, cal_com_unique_id, is_returning, self_check_in_steps, identity_verified, document_keys, pre_marked_at,
  pre_marked_no_show, clinical_service_mins, clinical_service_notes, actual_end_at, closing_notes, payment_mode,
  payment_amount_cents, payment_ref_id, created_at
  ON bookings FOR EACH STATEMENT EXECUTE FUNCTION bump_data_generation();
