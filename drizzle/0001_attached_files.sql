CREATE TABLE "log_files" (
	"log_id" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"blob_hash" text NOT NULL,
	"size" bigint NOT NULL,
	"lines" integer NOT NULL,
	"errors" integer NOT NULL,
	"truncated" boolean DEFAULT false NOT NULL,
	CONSTRAINT "log_files_log_id_name_pk" PRIMARY KEY("log_id","name")
);
--> statement-breakpoint
ALTER TABLE "log_files" ADD CONSTRAINT "log_files_log_id_logs_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_files" ADD CONSTRAINT "log_files_blob_hash_blobs_hash_fk" FOREIGN KEY ("blob_hash") REFERENCES "public"."blobs"("hash") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "log_files_blob_hash_idx" ON "log_files" USING btree ("blob_hash");