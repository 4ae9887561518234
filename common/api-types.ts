// The API's wire types for the web app, taken from the server's TypeBox schemas (the contract), so
// the web keeps no hand-written copies that could drift. Type-only: nothing here reaches the browser
// bundle. The web reaches the server only through common/.
export type { ErrorEnvelope } from '../server/lib/schema.ts';
export type { LoginResponse } from '../server/modules/users/schema.ts';
export type { AuditItem, AuditQuery } from '../server/modules/audit/schema.ts';
export type { Centre, Committee, Scheme, Service, SetupStatus, SiteProfile, SiteProfileBody, Stat } from '../server/modules/site/schema.ts';
export type { CarouselItem } from '../server/modules/carousel/schema.ts';
export type { SigningKeyView } from '../server/modules/signing/schema.ts';
export type { BlogBody, BlogItem } from '../server/modules/blog/schema.ts';
export type {
  CertificateRow,
  ImportReport,
  PropertyRow,
  PublicProperty,
  PublicPropertyAnswer,
  RegisterBody,
  UpdateOwnerBody,
  UpdatePropertyBody,
} from '../server/modules/properties/schema.ts';
export type { Rates as TaxRates, RatesPatch, RatesResult } from '../server/modules/assessment/schema.ts';
export type { OwnershipHistory, Transfer, TransferBody } from '../server/modules/transfers/schema.ts';
export type {
  AddKarBody,
  AdjustmentBody,
  CollectionSummary,
  Dcb,
  DueRow,
  GhasaraResult,
  HistoryRow,
  KarRow,
  Namuna9Row,
  Payment,
  PaymentBody,
  PublicReceipt,
} from '../server/modules/tax/schema.ts';
// The books' answers whose schemas are not named types on the server (issue 26).
import type { Static } from 'typebox';
import type {
  LedgerBalance as LedgerBalanceSchema,
  LedgerEntry as LedgerEntrySchema,
  namuna9Schema,
  recalcSchema,
} from '../server/modules/tax/schema.ts';
import type { revisionSchema } from '../server/modules/assessment/schema.ts';
export type LedgerEntry = Static<typeof LedgerEntrySchema>;
export type LedgerBalance = Static<typeof LedgerBalanceSchema>;
export type RolloverResult = Static<(typeof recalcSchema)['response'][200]>['result'];
export type RevisionResult = Static<(typeof revisionSchema)['response'][200]>['result'];
export type Namuna9Page = Static<(typeof namuna9Schema)['response'][200]>['result'];
export type { ApiTokenView, CreateApiTokenBody } from '../server/modules/apiTokens/schema.ts';
export type { DistrictSummary } from '../server/modules/districts/schema.ts';
// The bank statement reconciled into receipts (issue 30).
import type { StatementResult as StatementResultSchema, unmatchedSchema } from '../server/modules/reconciliation/schema.ts';
export type StatementResult = Static<typeof StatementResultSchema>;
export type UnmatchedPage = Static<(typeof unmatchedSchema)['response'][200]>['result'];
