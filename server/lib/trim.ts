// Leading and trailing blanks never carry meaning in form input; trimming before validation lets
// the schema's minLength reject a title of only spaces with a message naming the field.
export function trimStrings<T>(value: T): T {
  if (typeof value === 'string') return value.trim() as T;
  if (Array.isArray(value)) return value.map(trimStrings) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimStrings(v)])) as T;
  return value;
}

/** As a route's preValidation hook: trims the JSON body before the schema checks it. */
export async function trimBody(request: { body: unknown }) {
  request.body = trimStrings(request.body);
}
