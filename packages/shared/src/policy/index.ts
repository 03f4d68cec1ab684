export * from "./actor.ts";
export * from "./rules.ts";
export * from "./permissions.ts";
