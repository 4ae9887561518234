// Checks on any request input that no schema can express: how deeply JSON nests (checked on the raw
// text, before parsing, so no later walk can overflow the stack) and control characters in text.
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

/** The dotted path of the first string (or object key) holding a control character, walking
 *  without recursion; undefined when there is none. */
export function controlCharacterField(value: unknown, root = ''): string | undefined {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length) {
    const [v, where] = stack.pop()!;
    if (typeof v === 'string') {
      if (CONTROL.test(v)) return where || 'request';
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], where ? `${where}.${i}` : String(i)]);
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, item] of Object.entries(v)) {
        const path = where ? `${where}.${k}` : k;
        if (CONTROL.test(k)) return path;
        stack.push([item, path]);
      }
    }
  }
  return undefined;
}

/** Throws 400 naming the field when any text in `value` holds a control character. */
export function refuseControlCharacters(value: unknown, root = '') {
  const field = controlCharacterField(value, root);
  if (field) throw new Invalid(field, 'must not contain control characters (only tab and new line are allowed)');
}
