import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { PageLoader } from "@/components/ui/page-loader";
import { RootLayout } from "./root-layout";
import { RouteError } from "./route-error";

// Each page is its own chunk; the module's named export becomes the route component.
const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) => ({
  lazy: async () => ({ Component: pick(await load()) }),
});

const routes: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      {
        // A pathless boundary under the layout keeps the header on screen when a page fails.
        ErrorBoundary: RouteError,
        children: [
          {
            index: true,
            ...page(
              () => import("./routes/landing"),
              (m) => m.LandingRoute,
            ),
          },
          {
            path: "login",
            ...page(
              () => import("./routes/login"),
              (m) => m.LoginRoute,
            ),
          },
          {
            path: "register",
            ...page(
              () => import("./routes/register"),
              (m) => m.RegisterRoute,
            ),
          },
          {
            path: "forgot-password",
            ...page(
              () => import("./routes/forgot-password"),
              (m) => m.ForgotPasswordRoute,
            ),
          },
          {
            path: "reset-password",
            ...page(
              () => import("./routes/reset-password"),
              (m) => m.ResetPasswordRoute,
            ),
          },
          {
            // The signed-in pages, some of which confirm with a modal: the modals provider (and Mantine's
            // Modal with it) loads with them, not on the public pages (docs/decisions/039-web-first-load-and-filter-latency.md).
            lazy: async () => ({ Component: (await import("./modals-layout")).ModalsLayout }),
            children: [
              {
                path: "dashboard",
                ...page(
                  () => import("./routes/dashboard"),
                  (m) => m.DashboardRoute,
                ),
              },
              {
                path: "onboarding-form",
                ...page(
                  () => import("./routes/onboarding-form"),
                  (m) => m.OnboardingFormRoute,
                ),
              },
              {
                path: "pending-approval",
                ...page(
                  () => import("./routes/pending-approval"),
                  (m) => m.PendingApprovalRoute,
                ),
              },
              {
                path: "admin",
                ...page(
                  () => import("./routes/admin"),
                  (m) => m.AdminDashboardRoute,
                ),
              },
              {
                path: "admin/campaigns",
                ...page(
                  () => import("./routes/campaigns"),
                  (m) => m.CampaignsRoute,
                ),
              },
              {
                path: "campaigns",
                ...page(
                  () => import("./routes/campaigns"),
                  (m) => m.CampaignsRoute,
                ),
              },
              {
                path: "campaigns/:id/board",
                ...page(
                  () => import("./routes/campaign-board"),
                  (m) => m.CampaignBoardRoute,
                ),
              },
              {
                path: "admin/actions",
                ...page(
                  () => import("./routes/admin-actions"),
                  (m) => m.AdminActionsRoute,
                ),
              },
              {
                path: "admin/users",
                ...page(
                  () => import("./routes/admin-users"),
                  (m) => m.AdminUsersRoute,
                ),
              },
              {
                path: "admin/outbox",
                ...page(
                  () => import("./routes/admin-outbox"),
                  (m) => m.AdminOutboxRoute,
                ),
              },
              {
                path: "admin/organizations",
                ...page(
                  () => import("./routes/admin-organizations"),
                  (m) => m.AdminOrganizationsRoute,
                ),
              },
              {
                path: "admin/prompts",
                ...page(
                  () => import("./routes/admin-prompts"),
                  (m) => m.AdminPromptsRoute,
                ),
              },
              {
                path: "org-owner-dashboard",
                ...page(
                  () => import("./routes/org-owner-dashboard"),
                  (m) => m.OrgOwnerDashboardRoute,
                ),
              },
              {
                path: "org-officer-dashboard",
                ...page(
                  () => import("./routes/org-officer-dashboard"),
                  (m) => m.OrgOfficerDashboardRoute,
                ),
              },
              {
                path: "donors",
                ...page(
                  () => import("./routes/donors"),
                  (m) => m.DonorsRoute,
                ),
              },
              {
                path: "today",
                ...page(
                  () => import("./routes/today"),
                  (m) => m.TodayRoute,
                ),
              },
              {
                path: "imports",
                ...page(
                  () => import("./routes/imports"),
                  (m) => m.ImportsRoute,
                ),
              },
              {
                path: "donor-groups",
                ...page(
                  () => import("./routes/donor-groups"),
                  (m) => m.DonorGroupsRoute,
                ),
              },
              {
                path: "saved-donor-groups",
                ...page(
                  () => import("./routes/donor-groups"),
                  (m) => m.DonorGroupsRoute,
                ),
              },
              {
                path: "donor/:id/dashboard",
                ...page(
                  () => import("./routes/donor-dashboard"),
                  (m) => m.DonorDashboardRoute,
                ),
              },
              {
                path: "donor/:id",
                ...page(
                  () => import("./routes/donor-stages"),
                  (m) => m.DonorStagesRoute,
                ),
              },
              {
                path: "donor/:id/full",
                ...page(
                  () => import("./routes/donor-full"),
                  (m) => m.DonorFullRoute,
                ),
              },
              {
                path: "donor-full/:id",
                ...page(
                  () => import("./routes/donor-full"),
                  (m) => m.DonorFullRoute,
                ),
              },
              {
                path: "support",
                ...page(
                  () => import("./routes/support"),
                  (m) => m.SupportRoute,
                ),
              },
              {
                path: "support/submit",
                ...page(
                  () => import("./routes/support-submit"),
                  (m) => m.SupportSubmitRoute,
                ),
              },
              {
                path: "support/issues/:id",
                ...page(
                  () => import("./routes/support-issue"),
                  (m) => m.SupportIssueRoute,
                ),
              },
              {
                path: "account",
                ...page(
                  () => import("./routes/account"),
                  (m) => m.AccountRoute,
                ),
              },
            ],
          },
          {
            path: "*",
            ...page(
              () => import("./routes/not-found"),
              (m) => m.NotFoundRoute,
            ),
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
