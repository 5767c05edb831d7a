-- The guests' trigram index (migration 0023) keeps new entries in a pending list (GIN's fastupdate) until the list
-- reaches gin_pending_list_limit (4 MB by default), and then the insert that crosses it merges the whole list into
-- the index before it returns. Every booking upserts its guest, so that insert is a booking batch's: in the bench's
-- rush one batch in about 150 (some 3,500 new guests) took 30 ms more, and the bookings waiting behind it with it
-- (the insert's slowest run 32 ms, its mean 2 ms). A 256 kB list is merged sixteen times as often, each a sixteenth
-- of the work (the slowest run 5.5 ms), and a staff search, which reads the whole pending list, reads less of it.
-- Decision 0039.
ALTER INDEX "guests_search_idx" SET (gin_pending_list_limit = 256);
