-- CreateIndex
CREATE INDEX "Property_createdByUserId_propertyId_idx" ON "Property"("createdByUserId", "propertyId" DESC);
