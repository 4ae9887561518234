// The register form's part of the property table (columns.ts): the fields a clerk records about a
// property and its owner, with their labels, types and limits, and how the form groups them. The
// register form, the update dialog and the cards read these. The tax columns are not typed: they are
// computed (assessment.ts), and ASSESSMENT_LABELS names them as the cards and public pages show them.
import type { FieldDef, Label, SectionDef } from '../fields/index.ts';
import { PROPERTY_COLUMNS, PROPERTY_INPUTS } from './columns.ts';

const formFields = (of: 'owner' | 'property'): readonly FieldDef[] =>
  PROPERTY_INPUTS.flatMap((c) => {
    const input = c.input as { required?: true; form?: Label & { type: FieldDef['type'] } };
    if (c.of !== of || !input.form) return [];
    const { mr, en, type } = input.form;
    return [{ name: c.name, mr, en, type, ...(input.required ? { required: true } : {}) }];
  });

export const OWNER_FIELDS: readonly FieldDef[] = formFields('owner');

export const PROPERTY_FIELDS: readonly FieldDef[] = formFields('property');

export const REGISTER_SECTIONS: readonly SectionDef[] = [
  { mr: 'मालक', en: 'Owner', fields: OWNER_FIELDS.map((f) => f.name) },
  { mr: 'मालमत्ता', en: 'Property', fields: ['malmattaNo', 'gatNo', 'citySurveyNo', 'malmattaVarnan'] },
  { mr: 'आकारणी', en: 'Assessment', fields: ['buildingType', 'usage', 'milkatBandhakamYear', 'areaSqm', 'plotAreaSqm', 'landRate'] },
  { mr: 'शेरा', en: 'Remarks', fields: ['aapilacheNikalAndFerfar', 'vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera'] },
];

type Labelled = Extract<(typeof PROPERTY_COLUMNS)[number], { label: Label }>;

/** The computed columns as the register, the cards and the public pages label them. */
export const ASSESSMENT_LABELS = Object.fromEntries(PROPERTY_COLUMNS.flatMap((c) => ('label' in c ? [[c.name, c.label]] : []))) as {
  readonly [K in Labelled['name']]: Label;
};
