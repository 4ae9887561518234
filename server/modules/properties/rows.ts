// A property of the register with its active owner, as Prisma reads it and as the API answers it
// (the spec's paged-list row): one select and one mapping for the register, its forms, the public
// pages and the Namuna 8 extract.
import type { Prisma } from '../../generated/prisma/client.ts';
import type { PropertyRow } from './schema.ts';

export const ROW_SELECT = {
  propertyId: true,
  serialNo: true,
  malmattaNo: true,
  gatNo: true,
  citySurveyNo: true,
  roadLane: true,
  malmattaVarnan: true,
  buildingType: true,
  usage: true,
  milkatBandhakamYear: true,
  area: true,
  areaSqm: true,
  plotAreaSqm: true,
  landRate: true,
  ownLandRate: true,
  constructionRate: true,
  buildingRate: true,
  ghasaraRate: true,
  ghasaraDarUpdatedYear: true,
  assessmentFromYear: true,
  buildingBharank: true,
  bhandavaliRateRs: true,
  karachaRateRs: true,
  gharpatti: true,
  divabatti: true,
  arogya: true,
  panipatti: true,
  total: true,
  aapilacheNikalAndFerfar: true,
  vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera: true,
  propertyCreatedAt: true,
  updatedAt: true,
  version: true,
  owners: {
    where: { isActive: true },
    take: 1,
    orderBy: { ownerId: 'desc' },
    select: { ownerId: true, malkacheNav: true, bhogwatdarakNav: true, mobileNo: true, version: true },
  },
} as const;

export type Selected = Prisma.PropertyGetPayload<{ select: typeof ROW_SELECT }>;
type Decimalish = { toFixed(n: number): string };
export const money = (d: Decimalish) => d.toFixed(2);

export function toRow(p: Selected): PropertyRow {
  const { version: ownerVersion, ...owner } = p.owners[0] ?? { ownerId: 0, malkacheNav: '', bhogwatdarakNav: '', mobileNo: '', version: 0 };
  return {
    ...owner,
    ownerVersion,
    propertyId: p.propertyId,
    serialNo: p.serialNo,
    malmattaNo: p.malmattaNo,
    gatNo: p.gatNo,
    citySurveyNo: p.citySurveyNo,
    roadLane: p.roadLane,
    malmattaVarnan: p.malmattaVarnan,
    buildingType: p.buildingType,
    usage: p.usage,
    milkatBandhakamYear: p.milkatBandhakamYear,
    area: money(p.area),
    areaSqm: money(p.areaSqm),
    plotAreaSqm: p.plotAreaSqm === null ? null : money(p.plotAreaSqm),
    landRate: money(p.landRate),
    ownLandRate: p.ownLandRate === null ? null : money(p.ownLandRate),
    assessmentFromYear: p.assessmentFromYear,
    constructionRate: money(p.constructionRate),
    buildingRate: money(p.buildingRate),
    ghasaraRate: money(p.ghasaraRate),
    ghasaraDarUpdatedYear: p.ghasaraDarUpdatedYear,
    buildingBharank: money(p.buildingBharank),
    bhandavaliRateRs: money(p.bhandavaliRateRs),
    karachaRateRs: money(p.karachaRateRs),
    gharpatti: money(p.gharpatti),
    divabatti: money(p.divabatti),
    arogya: money(p.arogya),
    panipatti: money(p.panipatti),
    total: money(p.total),
    aapilacheNikalAndFerfar: p.aapilacheNikalAndFerfar,
    vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera: p.vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera,
    propertyCreatedAt: p.propertyCreatedAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    version: p.version,
  };
}
