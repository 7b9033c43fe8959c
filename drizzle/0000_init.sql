CREATE TABLE "blobs" (
	"hash" text PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"blob_hash" text NOT NULL,
	"source" text,
	"metadata" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"size" bigint NOT NULL,
	"lines" integer NOT NULL,
	"errors" integer NOT NULL,
	"truncated" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_blob_hash_blobs_hash_fk" FOREIGN KEY ("blob_hash") REFERENCES "public"."blobs"("hash") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "logs_blob_hash_idx" ON "logs" USING btree ("blob_hash");--> statement-breakpoint
CREATE INDEX "logs_last_viewed_at_idx" ON "logs" USING btree ("last_viewed_at");