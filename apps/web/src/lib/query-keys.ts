/**
 * Every TanStack Query key of the app, from this one factory, so one feature can invalidate another's data
 * without importing it. A key's first element names the resource: invalidating `queryKeys.donors.all`
 * refreshes every donor query (list, record, imports).
 */
export const queryKeys = {
  me: ["me"] as const,
  publicConfig: ["public-config"] as const,
  /** better-auth's session (the account page's two-factor state). */
  authSession: ["auth-session"] as const,
  /** The signed-in user's calendar link (issue 15). */
  calendarFeed: ["calendar-feed"] as const,
  /** The officer's day's lists by whose donors (issue 15); the organisation's settings; one's weekly digest. */
  today: (owner: string) => ["today", owner] as const,
  todayAll: ["today"] as const,
  organizationSettings: ["organization-settings"] as const,
  digest: ["digest"] as const,
  actions: {
    all: ["actions"] as const,
    list: <F>(filters: F, offset: number) => ["actions", "list", filters, offset] as const,
    summary: <F>(filters: F) => ["actions", "summary", filters] as const,
    options: (q: string, userId: string) => ["actions", "options", q, userId] as const,
  },
  adminUsers: {
    all: ["admin-users"] as const,
    list: (p: { organizationId: string | null; q: string; status: string | null; page: number }) =>
      ["admin-users", p.organizationId ?? "all", p.q, p.status ?? "any", p.page] as const,
  },
  adminOrganizations: {
    all: ["admin-organizations"] as const,
    list: (p: { q: string; page: number }) => ["admin-organizations", "list", p.q, p.page] as const,
    names: ["admin-organizations", "names"] as const,
    deletePreview: (id: string) => ["admin-organizations", id, "delete-preview"] as const,
  },
  adminOverview: ["admin-overview"] as const,
  outbox: {
    list: (p: { q: string; page: number }) => ["outbox", "list", p.q, p.page] as const,
    email: (id: string) => ["outbox", "email", id] as const,
  },
  aiSetting: ["ai-setting"] as const,
  campaigns: {
    all: ["campaigns"] as const,
    list: (organizationId: string | null, includeArchived: boolean, page: number) =>
      ["campaigns", "list", organizationId ?? "", includeArchived, page] as const,
    donors: (id: string, page: number) => ["campaigns", "donors", id, page] as const,
    /** Issue 15: a campaign's pipeline board, by manager filter ("" = everyone). */
    board: (id: string, manager: string) => ["campaigns", "board", id, manager] as const,
    /** One column past its first cards ("Show more", ADR 078). */
    boardColumn: (id: string, manager: string, stage: string, limit: number) =>
      ["campaigns", "board", id, manager, "column", stage, limit] as const,
    boards: (id: string) => ["campaigns", "board", id] as const,
  },
  dashboards: {
    owner: ["dashboard", "owner"] as const,
    officer: ["dashboard", "officer"] as const,
    portfolios: ["dashboard", "portfolios"] as const,
  },
  donorGroups: {
    all: ["donor-groups"] as const,
    static: (p: { organizationId?: string; q?: string; page?: number }) =>
      ["donor-groups", "static", p.organizationId ?? "", p.q ?? "", p.page ?? 1] as const,
    saved: (p: { organizationId?: string; q?: string; page?: number }) =>
      ["donor-groups", "saved", p.organizationId ?? "", p.q ?? "", p.page ?? 1] as const,
  },
  donors: {
    all: ["donors"] as const,
    list: <P>(params: P) => ["donors", "list", params] as const,
    record: (id: string) => ["donors", "record", id] as const,
    /** Issue 15: a donor's contact reports (under "donors", so a donor refresh refreshes them too). */
    contactReports: (id: string) => ["donors", "contact-reports", id] as const,
    imports: ["donors", "imports"] as const,
    importBatch: (id: string) => ["donors", "imports", id] as const,
    importHistory: (organizationId: string | undefined, page: number) =>
      ["donors", "imports", "history", organizationId ?? "", page] as const,
    /** The DS Rating filter's options (under "donors", so an import or an edit refreshes them). */
    dsRatings: (organizationId?: string) => ["donors", "ds-ratings", organizationId ?? ""] as const,
    /** Who may be given donors (issue 15, Portfolios). */
    relationshipManagers: (organizationId?: string) =>
      ["donors", "relationship-managers", organizationId ?? ""] as const,
  },
  nextSteps: {
    all: ["next-steps"] as const,
    donor: (donorId: string) => ["next-steps", "donor", donorId] as const,
    list: <Q>(query: Q) => ["next-steps", "list", query] as const,
  },
  issues: {
    all: ["issues"] as const,
    /** Every page of the list (what a change invalidates). */
    lists: ["issues", "list"] as const,
    list: (status: string, page: number) => ["issues", "list", status, page] as const,
    detail: (id: string) => ["issues", "detail", id] as const,
  },
  prompts: {
    all: ["stage-prompts"] as const,
    versions: (stage: string) => ["stage-prompts", "versions", stage] as const,
  },
  stageWorkspace: (donorId: string) => ["stage-workspace", donorId] as const,
};
