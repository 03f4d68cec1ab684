import { ModalsProvider } from "@mantine/modals";
import { Outlet } from "react-router";

/** Gives the signed-in pages `modals.openConfirmModal`; the public pages load without it (ADR 039). */
export function ModalsLayout() {
  return (
    <ModalsProvider>
      <Outlet />
    </ModalsProvider>
  );
}
