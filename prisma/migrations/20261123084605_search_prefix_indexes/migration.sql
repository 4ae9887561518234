-- "Starts with" searches of 1-2 letters (trigram indexes need 3), in any database collation.
-- Not in schema.prisma, which cannot express a b-tree operator class: see RAW_INDEXES in
-- scripts/schema-engine.ts.
CREATE INDEX "Owner_malkacheNav_prefix_idx" ON "Owner"("createdByUserId", "malkacheNav" varchar_pattern_ops);
CREATE INDEX "Property_malmattaKey_prefix_idx" ON "Property"("createdByUserId", "malmattaKey" varchar_pattern_ops);
