import { TEXT_TRUNCATE_AT, truncateText } from "@cultivate/shared";

/** Part 1 §9: AI output and timeline text are cut at 100 characters with a Read more toggle. */
export const needsTruncation = (text: string) => text.length > TEXT_TRUNCATE_AT;
export const truncate = (text: string) => truncateText(text);
