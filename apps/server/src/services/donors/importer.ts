// Kept so existing import paths stay valid; the import now lives in ./import/ (import from "./import/index.ts").
export * from "./import/index.ts";
