-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdByUserId" INTEGER,
    "userId" INTEGER,
    "userName" VARCHAR(64),
    "tokenId" INTEGER,
    "address" VARCHAR(64),
    "entity" VARCHAR(64) NOT NULL,
    "entityId" VARCHAR(64),
    "recordEntity" VARCHAR(64),
    "recordId" VARCHAR(64),
    "action" VARCHAR(32) NOT NULL,
    "changes" JSONB,

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AuditEntry_createdByUserId_at_idx" ON "AuditEntry"("createdByUserId", "at" DESC);

-- CreateIndex
CREATE INDEX "AuditEntry_createdByUserId_entity_entityId_at_idx" ON "AuditEntry"("createdByUserId", "entity", "entityId", "at" DESC);

-- CreateIndex
CREATE INDEX "AuditEntry_createdByUserId_recordEntity_recordId_at_idx" ON "AuditEntry"("createdByUserId", "recordEntity", "recordId", "at" DESC);

-- Append-only: no UPDATE, DELETE or TRUNCATE of an audit row, whoever asks (the portal's own
-- connection included). Only dropping the trigger, which needs the table's owner, gets past it.
CREATE FUNCTION audit_entry_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The audit trail is append-only: % of "AuditEntry" refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER "AuditEntry_append_only" BEFORE UPDATE OR DELETE ON "AuditEntry"
  FOR EACH ROW EXECUTE FUNCTION audit_entry_append_only();
CREATE TRIGGER "AuditEntry_no_truncate" BEFORE TRUNCATE ON "AuditEntry"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_entry_append_only();
