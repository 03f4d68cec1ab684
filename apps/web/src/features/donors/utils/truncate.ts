/** Part 1 §9: AI output and timeline text are cut at 100 characters with a Read more toggle. */
export const TRUNCATE_AT = 100;

export const needsTruncation = (text: string) => text.length > TRUNCATE_AT;
export const truncate = (text: string) => (needsTruncation(text) ? `${text.slice(0, TRUNCATE_AT)}...` : text);
