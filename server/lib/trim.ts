// Leading and trailing blanks never carry meaning in form input; trimming before validation lets
// the schema's minLength reject a title of only spaces with a message naming the field.

/** Trims every string in plain objects and arrays, in place, without recursion: a hostile body
 *  cannot overflow the stack (JSON nesting is limited at parse time as well). */
export function trimStrings<T>(value: T): T {
  if (typeof value === 'string') return value.trim() as T;
  const stack: unknown[] = [value];
  while (stack.length) {
    const container = stack.pop();
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length; i++) {
        const v = container[i];
        if (typeof v === 'string') container[i] = v.trim();
        else if (v && typeof v === 'object') stack.push(v);
      }
    } else if (container && typeof container === 'object' && Object.getPrototypeOf(container) === Object.prototype) {
      const record = container as Record<string, unknown>;
      for (const k of Object.keys(record)) {
        const v = record[k];
        if (typeof v === 'string') record[k] = v.trim();
        else if (v && typeof v === 'object') stack.push(v);
      }
    }
  }
  return value;
}

/** As a route's preValidation hook: trims the JSON body before the schema checks it. */
export async function trimBody(request: { body: unknown }) {
  request.body = trimStrings(request.body);
}
