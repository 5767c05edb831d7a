-- The tables' active holds by time (issue 34, decision 23): a booking reads the holds its visit can meet
-- (during && [first start, last start + longest turn]) straight from this index, without visiting every hold
-- of three dates through reservation_tables_date_idx (24 ms a batch of 25 dates against 6 ms, measured).
-- It carries the table and the booking, so the read is index-only.
CREATE INDEX IF NOT EXISTS "reservation_tables_active_during_idx" ON "reservation_tables" USING gist ("during") INCLUDE ("table_id", "reservation_id") WHERE "active";
