CREATE TABLE "donor_import_uploads" (
	"batch_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "donor_import_uploads_batch_id_seq_pk" PRIMARY KEY("batch_id","seq")
);
