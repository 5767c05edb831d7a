CREATE TABLE "app_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"worker_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
