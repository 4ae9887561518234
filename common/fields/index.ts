// One field of a record, described once: its name on the wire, its Marathi and English labels, its
// type with the limits the server enforces, and how the form lays it out. The server builds its
// schema and checks from these, the web form draws its boxes from them, the public view and the
// PDF take their labels from them. Certificates use it now; property and tax records will too.

/** One entry of an option list: the stored value (English, as the API and the PDF read it) and its labels. */
/** `pdf`: the words the PDF prints for it, where they differ (a job prints as "Service"). */
export interface Option {
  value: string;
  mr: string;
  en: string;
  pdf?: { mr: string; en: string };
}

export type FieldType =
  /** `multiline`: an address or a remark, drawn as a text area. `fallback`: stored when left empty.
   *  `code`: an identifier of English letters and digits only (a number another register gave). */
  | { t: 'text'; max: number; multiline?: boolean; fallback?: string; code?: true }
  | { t: 'aadhaar' } // exactly 12 digits when given
  | { t: 'mobile' } // exactly 10 digits when given
  /** `zeroIsEmpty`: the earlier client sends 0 for an empty box, so a required 0 is missing. */
  | { t: 'int'; max: number; zeroIsEmpty?: boolean }
  | { t: 'decimal'; max: number }
  /** `notFuture`: not after today in India. `minAgeYears`: a birth date of someone at least this old
   *  (the form's picker offers no later day; the rule itself lives with the record). */
  | { t: 'date'; notFuture?: boolean; minAgeYears?: number }
  /** Matched in any letter case; `aliases` are other spellings an earlier client sends. */
  | { t: 'choice'; options: readonly Option[]; fallback?: string; aliases?: Readonly<Record<string, string>> };

/** A label in both languages. */
export interface Label {
  mr: string;
  en: string;
}

export interface FieldDef extends Label {
  name: string;
  type: FieldType;
  required?: boolean;
  /** Computed from other fields (words of a date, Marathi gender, ages); shown read-only on the form. */
  derived?: boolean;
  /** One of a Marathi/English pair (or a name beside its address): the form sets these two to a row. */
  pair?: boolean;
  /** Row label on the public (QR) page, when that page shows the field. `years`: an age, "34 years / वर्षे". */
  view?: Label & { years?: boolean };
  /** Label of the PDF's cell that prints this field, when it differs from the form's. */
  pdf?: Label;
}

/** A titled group of fields on a form, by name. */
export interface SectionDef extends Label {
  fields: readonly string[];
}

export const choiceValues = (t: { options: readonly Option[] }) => t.options.map((o) => o.value);

/** "Male / पुरुष" for a stored value of a list; the value itself when the list does not know it. */
export function optionLabel(options: readonly Option[], value: string | null | undefined): string {
  if (!value) return '';
  const hit = options.find((x) => x.value.toLowerCase() === value.toLowerCase());
  return hit ? `${hit.en} / ${hit.mr}` : value;
}

/** The stored value a fallback or default gives an empty field, or undefined. */
export function fallbackOf(f: FieldDef): string | undefined {
  return f.type.t === 'text' || f.type.t === 'choice' ? f.type.fallback : undefined;
}
