/** Bytes read from a trace file at a time, when reading pages and when recovering the tail. */
export const READ_CHUNK_BYTES = 64 * 1024;

/**
 * Longest line the store reads (1 MiB, also the highest `maxRecordBytes`): a longer line cannot
 * be a record the store wrote, and is skipped as a gap without being buffered.
 */
export const MAX_LINE_BYTES = 1024 * 1024;

/** The newline byte ending every record line. */
export const NEWLINE = 0x0a;
