/**
 * The donor schemas and rules, by topic in ./donors/ (messages, filters, list, record, groups, import,
 * export). This file keeps the old import path working.
 */
export * from "./donors/messages.ts";
export * from "./donors/filters.ts";
export * from "./donors/list.ts";
export * from "./donors/record.ts";
export * from "./donors/groups.ts";
export * from "./donors/import.ts";
export * from "./donors/export.ts";
export * from "./donors/portfolio.ts";
export * from "./donors/contact-reports.ts";
