/** `%term%` for LIKE / ILIKE (whose escape character is the backslash), with LIKE's own wildcards escaped. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
