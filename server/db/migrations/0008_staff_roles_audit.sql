-- Staff accounts with roles, a second factor and password links; sessions readable per user; the audit trail.
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"role" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"summary" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text DEFAULT 'reset' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "password_reset_tokens_purpose_check" CHECK ("password_reset_tokens"."purpose" in ('reset','invite'))
);
--> statement-breakpoint
CREATE TABLE "user_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "user_id" integer GENERATED ALWAYS AS (((sess ->> 'userId'::text))::integer) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_recovery_codes" ADD CONSTRAINT "user_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_recovery_codes_user_idx" ON "user_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('owner','manager','staff'));--> statement-breakpoint
-- Every account made before roles existed (the first admin, ADMIN_USERNAME's) becomes an owner.
UPDATE "users" SET "role" = 'owner';
--> statement-breakpoint
-- The audit trail is append-only. Rows change in two ways only, each through its function below,
-- which says so for its own transaction-local moment (pub.audit_change); anything else is refused.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('pub.audit_change', true) = 'retention' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND current_setting('pub.audit_change', true) = 'erasure' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
-- Retention: deletes the rows written before `cutoff`; answers how many.
CREATE FUNCTION audit_log_delete_before(cutoff timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  PERFORM set_config('pub.audit_change', 'retention', true);
  DELETE FROM audit_log WHERE at < cutoff;
  GET DIAGNOSTICS n = ROW_COUNT;
  PERFORM set_config('pub.audit_change', '', true);
  RETURN n;
END
$$;
--> statement-breakpoint
-- One string with each of `secrets` (case-insensitive) replaced by '[erased]'.
CREATE FUNCTION audit_redact_text(value text, secrets text[]) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  s text;
BEGIN
  IF value IS NULL THEN RETURN NULL; END IF;
  FOREACH s IN ARRAY secrets LOOP
    IF s IS NOT NULL AND length(s) > 0 THEN
      value := regexp_replace(value, regexp_replace(s, '([.\\+*?\[^\]$(){}=!<>|:#/-])', '\\\1', 'g'), '[erased]', 'gi');
    END IF;
  END LOOP;
  RETURN value;
END
$$;
--> statement-breakpoint
-- A before/after object with `secrets` erased from its string values (and strings in its arrays).
CREATE FUNCTION audit_redact_json(doc jsonb, secrets text[]) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN doc IS NULL OR jsonb_typeof(doc) <> 'object' THEN doc ELSE coalesce((
    SELECT jsonb_object_agg(key, CASE jsonb_typeof(value)
      WHEN 'string' THEN to_jsonb(audit_redact_text(value #>> '{}', secrets))
      WHEN 'array' THEN (SELECT coalesce(jsonb_agg(CASE WHEN jsonb_typeof(e) = 'string' THEN to_jsonb(audit_redact_text(e #>> '{}', secrets)) ELSE e END), '[]'::jsonb)
                        FROM jsonb_array_elements(value) e)
      ELSE value END)
    FROM jsonb_each(doc)), '{}'::jsonb) END
$$;
--> statement-breakpoint
-- Guest erasure: blanks `secrets` (a guest's name, email, phone, notes) in the summary and the
-- before/after values of one entity's rows; answers how many rows held any.
CREATE FUNCTION audit_log_redact(p_entity_type text, p_entity_id text, secrets text[]) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  PERFORM set_config('pub.audit_change', 'erasure', true);
  UPDATE audit_log SET
    summary = audit_redact_text(summary, secrets),
    before = audit_redact_json(before, secrets),
    after = audit_redact_json(after, secrets)
  WHERE entity_type = p_entity_type AND entity_id = p_entity_id
    AND (summary IS DISTINCT FROM audit_redact_text(summary, secrets)
      OR before IS DISTINCT FROM audit_redact_json(before, secrets)
      OR after IS DISTINCT FROM audit_redact_json(after, secrets));
  GET DIAGNOSTICS n = ROW_COUNT;
  PERFORM set_config('pub.audit_change', '', true);
  RETURN n;
END
$$;
