-- The lab lists' sort keys on the lab tables themselves (lab/repository-lists.ts): the kit's patient (id, surname and
-- first name) and product, copied from kits and patients and kept by the triggers below, each sort with its index. A page
-- sorted by patient name or product read every one of the 100,000 lab requests joined to its kit and patient before
-- the sort (the bench's 50 users: 100-220 ms a page under load, 58% of PostgreSQL's time); from these indexes it reads
-- the page's rows only. A licence-bound clinician's masked sorts read her states one by one, each from the index led
-- by the patient state, and finds her records without a patient or with a break-glass patient by the copied patient
-- id, without joining kits (tests/bench/api-lines.ts prints their EXPLAIN).
ALTER TABLE "lab_requests" ADD COLUMN "kit_patient_id" uuid, ADD COLUMN "patient_last_name" text, ADD COLUMN "patient_first_name" text, ADD COLUMN "product_name" text;--> statement-breakpoint
ALTER TABLE "test_results" ADD COLUMN "kit_patient_id" uuid, ADD COLUMN "patient_last_name" text, ADD COLUMN "patient_first_name" text, ADD COLUMN "product_name" text;--> statement-breakpoint
UPDATE "lab_requests" lr SET "kit_patient_id" = k."patient_id", "patient_last_name" = p."last_name", "patient_first_name" = p."first_name", "product_name" = k."product_name"
  FROM "kits" k LEFT JOIN "patients" p ON p."id" = k."patient_id" WHERE k."kit_id" = lr."kit_id";--> statement-breakpoint
UPDATE "test_results" tr SET "kit_patient_id" = k."patient_id", "patient_last_name" = p."last_name", "patient_first_name" = p."first_name", "product_name" = k."product_name"
  FROM "kits" k LEFT JOIN "patients" p ON p."id" = k."patient_id" WHERE k."kit_id" = tr."kit_id";--> statement-breakpoint
-- A new lab request or result (or one moved to another kit) takes its kit's product and its patient's name.
CREATE FUNCTION lab_sort_keys_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT k.patient_id, p.last_name, p.first_name, k.product_name
    INTO NEW.kit_patient_id, NEW.patient_last_name, NEW.patient_first_name, NEW.product_name
    FROM kits k LEFT JOIN patients p ON p.id = k.patient_id WHERE k.kit_id = NEW.kit_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER lab_requests_sort_keys BEFORE INSERT OR UPDATE OF kit_id ON lab_requests FOR EACH ROW EXECUTE FUNCTION lab_sort_keys_fill();--> statement-breakpoint
CREATE TRIGGER test_results_sort_keys BEFORE INSERT OR UPDATE OF kit_id ON test_results FOR EACH ROW EXECUTE FUNCTION lab_sort_keys_fill();--> statement-breakpoint
-- A kit given another patient or product: its lab request and result follow.
CREATE FUNCTION lab_sort_keys_kit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  patient_last text;
  patient_first text;
BEGIN
  IF (NEW.patient_id, NEW.product_name) IS DISTINCT FROM (OLD.patient_id, OLD.product_name) THEN
    SELECT p.last_name, p.first_name INTO patient_last, patient_first FROM patients p WHERE p.id = NEW.patient_id;
    UPDATE lab_requests SET kit_patient_id = NEW.patient_id, patient_last_name = patient_last, patient_first_name = patient_first,
           product_name = NEW.product_name
     WHERE kit_id = NEW.kit_id;
    UPDATE test_results SET kit_patient_id = NEW.patient_id, patient_last_name = patient_last, patient_first_name = patient_first,
           product_name = NEW.product_name
     WHERE kit_id = NEW.kit_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER lab_sort_keys_kit AFTER UPDATE OF patient_id, product_name ON kits FOR EACH ROW EXECUTE FUNCTION lab_sort_keys_kit();--> statement-breakpoint
-- A patient renamed: the lab requests and results of every kit of theirs follow.
CREATE FUNCTION lab_sort_keys_patient() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.last_name, NEW.first_name) IS DISTINCT FROM (OLD.last_name, OLD.first_name) THEN
    UPDATE lab_requests lr SET patient_last_name = NEW.last_name, patient_first_name = NEW.first_name
      FROM kits k WHERE k.patient_id = NEW.id AND lr.kit_id = k.kit_id;
    UPDATE test_results tr SET patient_last_name = NEW.last_name, patient_first_name = NEW.first_name
      FROM kits k WHERE k.patient_id = NEW.id AND tr.kit_id = k.kit_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER lab_sort_keys_patient AFTER UPDATE OF last_name, first_name ON patients FOR EACH ROW EXECUTE FUNCTION lab_sort_keys_patient();--> statement-breakpoint
-- The surname and first name come from one patient (both NOT NULL there) or none: NULL together, so the sorts read the
-- rows with a name and those without apart, each in index order.
ALTER TABLE "lab_requests" ADD CONSTRAINT "lab_requests_sort_names_check" CHECK (("patient_last_name" IS NULL) = ("patient_first_name" IS NULL));--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_sort_names_check" CHECK (("patient_last_name" IS NULL) = ("patient_first_name" IS NULL));--> statement-breakpoint
-- Every sort ends with the kit id (the tie-breaker); the masked sorts' indexes lead with the patient state, and the
-- records without a patient (in every clinician's scope) have their own small partial indexes.
CREATE INDEX "lab_requests_kit_patient_idx" ON "lab_requests" USING btree ("kit_patient_id");--> statement-breakpoint
CREATE INDEX "test_results_kit_patient_idx" ON "test_results" USING btree ("kit_patient_id");--> statement-breakpoint
CREATE INDEX "lab_requests_name_sort_idx" ON "lab_requests" USING btree ("patient_last_name", "patient_first_name", "kit_id");--> statement-breakpoint
CREATE INDEX "lab_requests_product_sort_idx" ON "lab_requests" USING btree ("product_name", "kit_id");--> statement-breakpoint
CREATE INDEX "lab_requests_status_sort_idx" ON "lab_requests" USING btree ("status", "kit_id");--> statement-breakpoint
CREATE INDEX "lab_requests_state_sort_idx" ON "lab_requests" USING btree ("patient_state", "kit_id");--> statement-breakpoint
CREATE INDEX "lab_requests_state_name_sort_idx" ON "lab_requests" USING btree ("patient_state", "patient_last_name", "patient_first_name", "kit_id");--> statement-breakpoint
CREATE INDEX "lab_requests_state_product_sort_idx" ON "lab_requests" USING btree ("patient_state", "product_name", "kit_id");--> statement-breakpoint
CREATE INDEX "lab_requests_state_status_sort_idx" ON "lab_requests" USING btree ("patient_state", "status", "kit_id");--> statement-breakpoint
CREATE INDEX "test_results_name_sort_idx" ON "test_results" USING btree ("patient_last_name", "patient_first_name", "kit_id");--> statement-breakpoint
CREATE INDEX "test_results_product_sort_idx" ON "test_results" USING btree ("product_name", "kit_id");--> statement-breakpoint
CREATE INDEX "test_results_status_sort_idx" ON "test_results" USING btree ("status", "kit_id");--> statement-breakpoint
CREATE INDEX "test_results_state_sort_idx" ON "test_results" USING btree ("patient_state", "kit_id");--> statement-breakpoint
CREATE INDEX "test_results_state_name_sort_idx" ON "test_results" USING btree ("patient_state", "patient_last_name", "patient_first_name", "kit_id");--> statement-breakpoint
CREATE INDEX "test_results_state_product_sort_idx" ON "test_results" USING btree ("patient_state", "product_name", "kit_id");--> statement-breakpoint
CREATE INDEX "test_results_state_status_sort_idx" ON "test_results" USING btree ("patient_state", "status", "kit_id");
--> statement-breakpoint
CREATE INDEX "lab_requests_no_patient_name_sort_idx" ON "lab_requests" USING btree ("patient_last_name", "patient_first_name", "kit_id") WHERE "kit_patient_id" IS NULL;--> statement-breakpoint
CREATE INDEX "lab_requests_no_patient_product_sort_idx" ON "lab_requests" USING btree ("product_name", "kit_id") WHERE "kit_patient_id" IS NULL;--> statement-breakpoint
CREATE INDEX "lab_requests_no_patient_status_sort_idx" ON "lab_requests" USING btree ("status", "kit_id") WHERE "kit_patient_id" IS NULL;--> statement-breakpoint
CREATE INDEX "lab_requests_no_patient_state_sort_idx" ON "lab_requests" USING btree ("patient_state", "kit_id") WHERE "kit_patient_id" IS NULL;
--> statement-breakpoint
CREATE INDEX "test_results_no_patient_name_sort_idx" ON "test_results" USING btree ("patient_last_name", "patient_first_name", "kit_id") WHERE "kit_patient_id" IS NULL;--> statement-breakpoint
CREATE INDEX "test_results_no_patient_product_sort_idx" ON "test_results" USING btree ("product_name", "kit_id") WHERE "kit_patient_id" IS NULL;--> statement-breakpoint
CREATE INDEX "test_results_no_patient_status_sort_idx" ON "test_results" USING btree ("status", "kit_id") WHERE "kit_patient_id" IS NULL;--> statement-breakpoint
CREATE INDEX "test_results_no_patient_state_sort_idx" ON "test_results" USING btree ("patient_state", "kit_id") WHERE "kit_patient_id" IS NULL;
--> statement-breakpoint
-- Migration 0044's index served the product sort through kits; the lab tables' own product_name indexes do now.
DROP INDEX IF EXISTS "kits_product_idx";
