/** Query keys of the support feature. */
export const supportKeys = {
  all: ["issues"] as const,
  list: () => [...supportKeys.all, "list"] as const,
  detail: (id: string) => [...supportKeys.all, "detail", id] as const,
};
