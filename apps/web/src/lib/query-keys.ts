/** Query keys shared across features, so one feature can invalidate another's data without importing it. */
export const queryKeys = {
  me: ["me"] as const,
  publicConfig: ["public-config"] as const,
};
