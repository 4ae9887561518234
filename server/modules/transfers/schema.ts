// Contract of /api/PropertyTransfer (ferfar: the transfer of a property to a new owner), spec 3 and 5.
// The input keeps the earlier client's snake_case names; the result its camelCase ones.
import { Type, type Static } from 'typebox';
import { Envelope, errors, ok } from '../../lib/schema.ts';

const Field = (maxLength: number, description: string) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()], { description }));

export const TransferBody = Type.Object(
  {
    malmatta_no: Field(50, 'Property number (either digit style)'),
    ferfar_karan: Field(200, 'Reason of the transfer: sale, inheritance, gift, court order…'),
    sadya_malakache_nav: Field(300, 'Current owner as the register shows it'),
    bhogwatadharak_nav: Field(300, 'Occupier after the transfer'),
    navin_malakache_nav: Field(300, 'New owner'),
    navin_malakache_mobile: Field(20, "New owner's 10-digit mobile number (+91 and spaces allowed); becomes the owner's mobileNo"),
    varasache_nav: Field(300, 'Heir, for an inheritance; stored as NO when blank'),
    ferfar_date: Field(40, 'Date of the transfer, YYYY-MM-DD; not in the future'),
    reference_no: Field(100, 'Deed, order or application number'),
    note: Field(500, 'Note'),
    createdByUserId: Type.Optional(Type.Unknown({ description: 'Ignored: the council of the token' })),
  },
  {
    additionalProperties: true,
    examples: [
      {
        malmatta_no: '१२/अ',
        ferfar_karan: 'खरेदीखत',
        sadya_malakache_nav: 'रमेश गणपत पाटील',
        bhogwatadharak_nav: 'स्वतः',
        navin_malakache_nav: 'सुरेश रामचंद्र जाधव',
        navin_malakache_mobile: '9876543210',
        varasache_nav: '',
        ferfar_date: '2026-04-15',
        reference_no: 'दस्त क्र. १२३४/२०२६',
        note: '',
      },
    ],
  },
);
export type TransferBody = Static<typeof TransferBody>;

export const Transfer = Type.Object({
  ferfarNumber: Type.Integer({ description: 'Per council, 1, 2, 3… without gaps' }),
  malmattaNo: Type.String(),
  ferfarKaran: Type.String(),
  ferfarDate: Type.String({ description: 'YYYY-MM-DD' }),
  sadyaMalakacheNav: Type.String(),
  bhogwatdarakachNav: Type.String(),
  navinMalakacheNav: Type.String(),
  varasacheNav: Type.String(),
  referenceNo: Type.String(),
  note: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Transfer = Static<typeof Transfer>;

export const addSchema = {
  operationId: 'addPropertyTransfer',
  tags: ['Transfers'],
  summary: 'Records a transfer (ferfar): the new owner becomes the active one, the old owner record is kept, marked replaced',
  body: TransferBody,
  response: {
    201: Envelope(Transfer, {
      examples: [
        ok(
          {
            ferfarNumber: 1,
            malmattaNo: '१२/अ',
            ferfarKaran: 'खरेदीखत',
            ferfarDate: '2026-04-15',
            sadyaMalakacheNav: 'रमेश गणपत पाटील',
            bhogwatdarakachNav: 'स्वतः',
            navinMalakacheNav: 'सुरेश रामचंद्र जाधव',
            varasacheNav: 'NO',
            referenceNo: 'दस्त क्र. १२३४/२०२६',
            note: '',
            createdAt: '2026-04-15T06:30:00.000Z',
            updatedAt: '2026-04-15T06:30:00.000Z',
          },
          'फेरफार क्रमांक 1 नोंदवला / Transfer recorded as ferfar 1',
        ),
      ],
    }),
    ...errors(404, 409),
  },
};

export const ByFerfarQuery = Type.Object({
  ferfarNumber: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'The ferfar number' }),
  createdByUserId: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, description: 'Another council’s id answers 404' })),
});
export const byFerfarSchema = {
  operationId: 'getPropertyTransferByFerfar',
  tags: ['Transfers'],
  summary: 'A transfer by its ferfar number',
  querystring: ByFerfarQuery,
  response: { 200: Envelope(Transfer), ...errors(404) },
};

export const HistoryOwner = Type.Object({
  ownerId: Type.Integer(),
  malkacheNav: Type.String(),
  bhogwatdarakNav: Type.String(),
  isActive: Type.Boolean(),
  reason: Type.String({ description: 'new or transfer' }),
  since: Type.String(),
  ferfarNumber: Type.Union([Type.Integer(), Type.Null()]),
});
export const OwnershipHistory = Type.Object({
  malmattaNo: Type.String(),
  owners: Type.Array(HistoryOwner),
  transfers: Type.Array(Transfer),
});
export type OwnershipHistory = Static<typeof OwnershipHistory>;
export const historySchema = {
  operationId: 'getOwnershipHistory',
  tags: ['Transfers'],
  summary: 'The ownership history of a property, newest first, with its transfers',
  querystring: Type.Object({ malmattaNo: Type.String({ minLength: 1, maxLength: 50 }) }),
  response: { 200: Envelope(OwnershipHistory), ...errors(404) },
};
