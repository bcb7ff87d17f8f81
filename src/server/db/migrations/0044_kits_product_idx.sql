-- The lab lists sorted by product (lab/repository-lists.ts): the page's kit ids are read in (product_name, kit_id)
-- order from this index, each joined to its lab request or result, instead of joining and sorting every row. On the
-- bench's 100,000 kits, the page's query (page 2 of 50, lab requests, by product, newest last) ran in 67 ms, and
-- with the index 0.1-0.5 ms (tests/bench/api-lines.ts prints its EXPLAIN). A licence-bound clinician's masked sort
-- cannot use it: its key is NULL outside her scope.
CREATE INDEX "kits_product_idx" ON "kits" USING btree ("product_name", "kit_id");
