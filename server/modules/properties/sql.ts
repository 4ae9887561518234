// The property area's raw SQL: the register's counted and searched pages, the public search's owner
// suggestions, and the Excel import's set-based inserts. Each statement is run by one exported
// function taking the client first; tests/server/raw-sql.test.ts runs every one against the migrated
// schema on both databases.
import type { DbOrTx, Tx } from '../../db/transaction.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { likeText } from './facts.ts';
import { PROPERTY_INPUTS, type PropertyInput } from '../../../common/property/columns.ts';

/** Lists count matching rows up to this many. */
export const COUNT_CAP = 10_000;

/** An owner-name search: 1-2 letters match the start of any word of the name (search_word_starts GIN
 *  index: "पा" finds पाटील), 3 or more anywhere (trigram index), in any letter case. */
const ownerNameMatches = (term: string) =>
  [...term].length >= 3
    ? Prisma.sql`o."malkacheNav" ILIKE ${`%${likeText(term)}%`}`
    : Prisma.sql`search_word_starts(o."malkacheNav") @> ARRAY[${term}]::text[]`;

/** A property number's key searched: 1-2 characters match its start (prefix index), longer ones
 *  anywhere (trigrams); '' matches every number. */
const numberMatches = (number: string) => {
  const pattern = [...number].length >= 3 ? `%${likeText(number)}%` : `${likeText(number)}%`;
  return number ? Prisma.sql`AND p."malmattaKey" LIKE ${pattern}` : Prisma.empty;
};

// ---------------------------------------------------------------- the register's list

/** The council's properties whose key matches `number` (''; all), counted up to COUNT_CAP + 1
 *  without an order, so the planner may count on an index alone. */
export async function countProperties(db: DbOrTx, councilId: number, number: string): Promise<number> {
  const [{ n }] = await db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM (SELECT 1 FROM "Property" p WHERE p."createdByUserId" = ${councilId} ${numberMatches(number)} LIMIT ${COUNT_CAP + 1}) AS m`;
  return n;
}

/** Properties whose active owner's name matches (and whose key matches `number`), from the owners'
 *  name index: their count up to COUNT_CAP + 1 and one page of their ids, newest first. */
export async function ownerMatches(
  db: DbOrTx,
  councilId: number,
  name: string,
  number: string,
  pageSize: number,
  skip: number,
): Promise<{ n: number; ids: number[] }> {
  const [r] = await db.$queryRaw<{ n: number; ids: number[] }[]>`
      WITH m AS MATERIALIZED (
        SELECT DISTINCT o."propertyId" AS id FROM "Owner" o
        ${number ? Prisma.sql`JOIN "Property" p ON p."propertyId" = o."propertyId"` : Prisma.empty}
        WHERE o."createdByUserId" = ${councilId} AND o."isActive" AND ${ownerNameMatches(name)} ${numberMatches(number)}
        LIMIT ${COUNT_CAP + 1}
      )
      SELECT (SELECT count(*) FROM m)::int AS n, ARRAY(SELECT id FROM m ORDER BY id DESC LIMIT ${pageSize} OFFSET ${skip}) AS ids`;
  return { n: r.n, ids: r.ids.map(Number) };
}

/** The same page walking the register newest first: for more than COUNT_CAP matching names, which are dense. */
export async function ownerMatchesDense(
  db: DbOrTx,
  councilId: number,
  name: string,
  number: string,
  pageSize: number,
  skip: number,
): Promise<number[]> {
  const rows = await db.$queryRaw<{ id: number }[]>`
          SELECT p."propertyId" AS id FROM "Property" p
          WHERE p."createdByUserId" = ${councilId} ${numberMatches(number)}
            AND EXISTS (SELECT 1 FROM "Owner" o WHERE o."propertyId" = p."propertyId" AND o."isActive" AND ${ownerNameMatches(name)})
          ORDER BY p."propertyId" DESC LIMIT ${pageSize} OFFSET ${skip}`;
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------- the public search

/** At most 10 active owners whose name matches (ownerNameMatches), by name, with their property's number. */
export const ownerSuggestions = (db: DbOrTx, councilId: number, name: string) =>
  db.$queryRaw<{ malmattaNo: string; malkacheNav: string }[]>`
    SELECT p."malmattaNo", o."malkacheNav"
    FROM (
      -- The ten names first, then their properties: joining every match before the sort read
      -- thousands of properties for a one-letter term.
      SELECT o."propertyId", o."malkacheNav" FROM "Owner" o
      WHERE o."createdByUserId" = ${councilId} AND o."isActive" AND ${ownerNameMatches(name)}
      ORDER BY o."malkacheNav" LIMIT 10
    ) o JOIN "Property" p ON p."propertyId" = o."propertyId"
    ORDER BY o."malkacheNav"`;

// ---------------------------------------------------------------- the Excel import

/** The register columns an imported row carries (facts.ts's Facts and its serial number), with
 *  their SQL types: the property's typed columns of the property table (common/property/columns.ts). */
const SQL_TYPES = { int: 'int', text: 'text', money: 'numeric', 'money?': 'numeric', time: 'timestamp' } as const;
const PROPERTY_COLUMNS: [string, string][] = [
  ['serialNo', 'int'],
  ['malmattaKey', 'text'],
  ...PROPERTY_INPUTS.filter((c) => c.of === 'property').map((c): [string, string] => {
    const input: PropertyInput = c.input;
    return [input.storedAs ?? c.name, SQL_TYPES[c.wire]];
  }),
];
const OWNER_COLUMNS: [string, string][] = [
  ['malmattaKey', 'text'],
  ['malkacheNav', 'text'],
  ['bhogwatdarakNav', 'text'],
  ['mobileNo', 'text'],
];
const q = (c: string) => `"${c}"`;
const recordset = (cols: [string, string][]) => cols.map(([c, t]) => `${q(c)} ${t}`).join(', ');

/** New properties (PROPERTY_COLUMNS each) in one statement, in serial order; their ids by key. */
export function insertProperties(tx: Tx, councilId: number, ghasaraYear: number, properties: object[]) {
  const names = PROPERTY_COLUMNS.map(([c]) => q(c)).join(', ');
  return tx.$queryRawUnsafe<{ propertyId: number; malmattaKey: string }[]>(
    `INSERT INTO "Property" ("createdByUserId", "ghasaraDarUpdatedYear", "updatedAt", ${names})
     SELECT $2::int, $3::int, now(), ${names} FROM jsonb_to_recordset($1::jsonb) AS r(${recordset(PROPERTY_COLUMNS)})
     ORDER BY r."serialNo"
     RETURNING "propertyId", "malmattaKey"`,
    JSON.stringify(properties),
    councilId,
    ghasaraYear,
  );
}

/** Their first owners (OWNER_COLUMNS each), joined to the council's properties by key. */
export const insertOwners = (tx: Tx, councilId: number, owners: object[]) =>
  tx.$executeRawUnsafe(
    `INSERT INTO "Owner" ("propertyId", "createdByUserId", "malmattaNo", "malkacheNav", "bhogwatdarakNav", "mobileNo", "reason", "updatedAt")
     SELECT p."propertyId", $2::int, p."malmattaNo", r."malkacheNav", r."bhogwatdarakNav", r."mobileNo", 'new', now()
     FROM jsonb_to_recordset($1::jsonb) AS r(${recordset(OWNER_COLUMNS)})
     JOIN "Property" p ON p."createdByUserId" = $2::int AND p."malmattaKey" = r."malmattaKey"`,
    JSON.stringify(owners),
    councilId,
  );
