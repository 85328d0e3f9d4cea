/** Most records a log source asks of its reader per page (the file log store's own maximum). */
export const MAX_LOG_PAGE_RECORDS = 10_000;
