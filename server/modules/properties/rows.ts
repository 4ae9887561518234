// A property of the register with its active owner, as Prisma reads it and as the API answers it
// (the spec's paged-list row): one select and one mapping for the register, its forms, the public
// pages and the Namuna 8 extract, both built from the property table (common/property/columns.ts).
import { PROPERTY_COLUMNS } from '../../../common/property/columns.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { PropertyRow } from './schema.ts';

type Column = (typeof PROPERTY_COLUMNS)[number];
type OwnerColumn = Extract<Column, { of: 'owner' }>;
/** The owner's column a row column reads (ownerVersion is the owner's version). */
const ownerColumn = (c: OwnerColumn): string => ('column' in c ? c.column : c.name);

type RowSelect = { [C in Exclude<Column, OwnerColumn> as C['name']]: true } & {
  owners: {
    where: { isActive: true };
    take: 1;
    orderBy: { ownerId: 'desc' };
    select: { [C in OwnerColumn as C extends { column: string } ? C['column'] : C['name']]: true };
  };
};

export const ROW_SELECT = {
  ...Object.fromEntries(PROPERTY_COLUMNS.filter((c) => c.of === 'property').map((c) => [c.name, true])),
  owners: {
    where: { isActive: true },
    take: 1,
    orderBy: { ownerId: 'desc' },
    select: Object.fromEntries(PROPERTY_COLUMNS.flatMap((c) => (c.of === 'owner' ? [[ownerColumn(c), true]] : []))),
  },
} as RowSelect;

export type Selected = Prisma.PropertyGetPayload<{ select: RowSelect }>;
type Decimalish = { toFixed(n: number): string };
export const money = (d: Decimalish) => d.toFixed(2);

/** A value as the wire carries a column of its kind; a property without an active owner reads 0 and ''. */
function wireValue(wire: Column['wire'], v: unknown): unknown {
  if (wire === 'money') return money(v as Decimalish);
  if (wire === 'money?') return v === null ? null : money(v as Decimalish);
  if (wire === 'time') return (v as Date).toISOString();
  return v ?? (wire === 'int' ? 0 : '');
}

export function toRow(p: Selected): PropertyRow {
  const owner = p.owners[0] as Record<string, unknown> | undefined;
  const read = p as unknown as Record<string, unknown>;
  return Object.fromEntries(
    PROPERTY_COLUMNS.map((c) => [c.name, wireValue(c.wire, c.of === 'owner' ? owner?.[ownerColumn(c)] : read[c.name])]),
  ) as PropertyRow;
}
