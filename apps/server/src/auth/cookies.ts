/** Prefix of every session cookie; its own module so origin.ts need not import auth.ts (which imports it). */
export const COOKIE_PREFIX = "cultivate";
