/** A JSON value: what `JSON.parse` can return. */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A JSON object, the shape of every `details` and log `data` payload. */
export type JsonObject = { readonly [key: string]: JsonValue };
