import type { ReactNode } from "react";
import { AppShell } from "@mantine/core";
import { Footer, FOOTER_HEIGHT } from "./footer";
import { Header, type HeaderProps } from "./header";

export const HEADER_HEIGHT = 64;

interface AppLayoutProps extends HeaderProps {
  children: ReactNode;
}

export function AppLayout({ children, ...headerProps }: AppLayoutProps) {
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding={0}>
      <AppShell.Header>
        <Header {...headerProps} />
      </AppShell.Header>
      {/* Leaves room for the footer so short pages still put it at the bottom of the window. */}
      <AppShell.Main style={{ minHeight: `calc(100dvh - ${FOOTER_HEIGHT}px)` }}>{children}</AppShell.Main>
      <Footer />
    </AppShell>
  );
}
