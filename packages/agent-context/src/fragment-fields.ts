/** The seven fields of a `ContextFragment`, in the order they are checked and reported. */
export const FRAGMENT_FIELDS = ['id', 'sourceId', 'trust', 'lifetime', 'maxChars', 'role', 'value'] as const;

/** One field name of a `ContextFragment`. */
export type FragmentField = (typeof FRAGMENT_FIELDS)[number];
