/** The paths a tool rule without `paths` previews: `text`, `bubble` and every element of `bubbles`. */
export const DEFAULT_REPLY_PREVIEW_PATHS: readonly (readonly string[])[] = Object.freeze([
  Object.freeze(['text']),
  Object.freeze(['bubble']),
  Object.freeze(['bubbles', '*']),
]);
