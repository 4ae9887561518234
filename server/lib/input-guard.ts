// Checks on any request input that no schema can express: how deeply JSON nests (checked on the raw
// text, before parsing, so no later walk can overflow the stack), control characters and ill-formed
// Unicode in text, and fields a body's schema does not name.
import { Invalid } from './errors.ts';

export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of objects and arrays in a JSON text, stopping early once past `limit`. */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return deepest;
}

// C0 controls and DEL, except tab, line feed and carriage return (text areas send CR LF).
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// A high surrogate not followed by a low one, or a low one without a high one before it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a text cannot be kept: a control character (NUL would fail in PostgreSQL), or a lone UTF-16
 *  surrogate ("\ud800" in JSON), which is no character at all: PostgreSQL refuses it inside JSON
 *  columns and stores U+FFFD in its place in text columns, so what was sent is not what is kept. */
function textProblem(s: string): string | undefined {
  if (CONTROL.test(s)) return 'must not contain control characters (only tab and new line are allowed)';
  if (LONE_SURROGATE.test(s)) return 'holds a broken character (a lone UTF-16 surrogate): send the text as well-formed Unicode';
  return undefined;
}

/** The dotted path of the first string (or object key) that cannot be kept, and why, walking
 *  without recursion; undefined when every text is fine. */
export function badTextField(value: unknown, root = ''): { field: string; problem: string } | undefined {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length) {
    const [v, where] = stack.pop()!;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return { field: where || 'request', problem };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], where ? `${where}.${i}` : String(i)]);
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, item] of Object.entries(v)) {
        const path = where ? `${where}.${k}` : k;
        const problem = textProblem(k);
        if (problem) return { field: path, problem };
        stack.push([item, path]);
      }
    }
  }
  return undefined;
}

/** Throws 400 naming the field when any text in `value` holds a control character or ill-formed Unicode. */
export function refuseBadText(value: unknown, root = '') {
  const bad = badTextField(value, root);
  if (bad) throw new Invalid(bad.field, bad.problem);
}

/** The parts of a JSON schema that describe objects and what they hold. */
export interface SchemaNode {
  type?: unknown;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: unknown;
  items?: SchemaNode | SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  [keyword: string]: unknown;
}

const isObjectSchema = (s: SchemaNode) => s.type === 'object' && !!s.properties;

/** A copy of a request body's schema in which every object that does not say otherwise refuses the
 *  fields it does not name (400 "x: is not an accepted field"). JSON Schema lets unknown fields
 *  through by default, and a field nobody declared must never reach a write (issue 25: a profile
 *  save carried createdByUserId into the row's key). The route's own schema object is shared with
 *  its answers and the OpenAPI document's components, so it is copied, not changed. */
export function closeObjects(schema: SchemaNode): SchemaNode {
  const copy: SchemaNode = { ...schema };
  if (isObjectSchema(copy)) {
    copy.properties = Object.fromEntries(Object.entries(copy.properties!).map(([k, v]) => [k, closeObjects(v)]));
    copy.additionalProperties ??= false;
  }
  if (Array.isArray(copy.items)) copy.items = copy.items.map(closeObjects);
  else if (copy.items && typeof copy.items === 'object') copy.items = closeObjects(copy.items);
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) if (copy[k]) copy[k] = copy[k].map(closeObjects);
  return copy;
}

/** Deletes, in place, the fields of a body that its schema does not name: for the bodies the spec's
 *  earlier client sends with extra fields (a whole record sent back, with its ids and dates), which
 *  are accepted as before but never seen by the service. Declared objects inside are pruned alike. */
export function dropUndeclared(value: unknown, schema: SchemaNode) {
  if (!value || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    if (schema.items && !Array.isArray(schema.items)) for (const v of value) dropUndeclared(v, schema.items);
    return;
  }
  if (!isObjectSchema(schema) || schema.additionalProperties === false) return;
  const record = value as Record<string, unknown>;
  for (const k of Object.keys(record)) {
    if (!Object.hasOwn(schema.properties!, k)) delete record[k];
    else dropUndeclared(record[k], schema.properties![k]);
  }
}
