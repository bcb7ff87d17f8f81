DROP INDEX "lab_requests_created_idx";--> statement-breakpoint
DROP INDEX "test_results_created_idx";--> statement-breakpoint
CREATE INDEX "lab_requests_created_idx" ON "lab_requests" USING btree ("created_at","kit_id");--> statement-breakpoint
CREATE INDEX "test_results_created_idx" ON "test_results" USING btree ("created_at","kit_id");