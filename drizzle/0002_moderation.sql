CREATE TABLE "instance_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "uploader_hash" text;--> statement-breakpoint
CREATE INDEX "logs_created_at_id_idx" ON "logs" USING btree ("created_at","id");