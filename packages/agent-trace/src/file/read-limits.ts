/** Bytes read from a trace file at a time, when reading pages and when recovering the tail. */
export const READ_CHUNK_BYTES = 64 * 1024;

/**
 * Longest line the store reads (1 MiB, also the highest `maxRecordBytes`): a longer line cannot
 * be a record the store wrote, and fails the read without being buffered.
 */
export const MAX_LINE_BYTES = 1024 * 1024;

/** The newline byte ending every record line. */
export const NEWLINE = 0x0a;

/**
 * The byte (ASCII record separator, never in a JSON line) an append writes before its newline
 * when the file ended inside a line that is not a record: the line a crash tore. Readers report
 * such a line as a gap; any other line that is not a record fails the read.
 */
export const TORN_LINE_MARK = 0x1e;
