-- A phone or walk-in booking staff take may have no email (issue 36): its guest is never emailed.
ALTER TABLE "reservations" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
-- Search finds a booking by its phone however it is typed, through phone_key (E.164, common/phone.ts). Bookings made
-- before migration 0012, and staff's until now, have none: a UK number written with its 0 or +44 (the common case of
-- phoneKey, the same expression) gets its key here; any other keeps none and is still found by its digits.
UPDATE "reservations" SET "phone_key" = '+44' || substring(regexp_replace("phone", '[\s().-]', '', 'g') from '^(?:0|\+44|0044)([1-9][0-9]{8,9})$')
  WHERE "phone_key" IS NULL AND regexp_replace("phone", '[\s().-]', '', 'g') ~ '^(?:0|\+44|0044)([1-9][0-9]{8,9})$';
