import { Outlet, ScrollRestoration } from "react-router";
import { AppLayout } from "@/components/layout/app-layout";
import { useMe } from "@/features/auth/api/get-me";
import { useSignOut } from "@/features/auth/api/sign-out";
import { PageViewTracker } from "@/features/activity/components/page-view-tracker";

/** The shell every page renders in; wires the session into the presentational header. */
export function RootLayout() {
  const me = useMe();
  const signOut = useSignOut();

  return (
    <AppLayout
      // An unreachable /api/me shows the signed-out header rather than nothing.
      me={me.isError ? null : me.data}
      signingOut={signOut.isPending}
      onSignOut={() => signOut.mutate()}
    >
      <ScrollRestoration />
      <PageViewTracker signedIn={!!me.data} />
      <Outlet />
    </AppLayout>
  );
}
