import type { CSSProperties, ReactNode } from "react";
import { Footer, FOOTER_HEIGHT } from "./footer";
import { Header, type HeaderProps } from "./header";
import classes from "./app-layout.module.css";

export const HEADER_HEIGHT = 64;

interface AppLayoutProps extends HeaderProps {
  children: ReactNode;
}

// react-remove-scroll's class: a modal's scroll lock pads this fixed bar as it pads the page, so it does not shift.
const SCROLL_LOCK_PADDED = "right-scroll-bar-position";

export function AppLayout({ children, ...headerProps }: AppLayoutProps) {
  return (
    <div style={{ "--header-height": `${HEADER_HEIGHT}px` } as CSSProperties}>
      <header className={`${classes.header} ${SCROLL_LOCK_PADDED}`}>
        <Header {...headerProps} />
      </header>
      {/* Leaves room for the footer so short pages still put it at the bottom of the window. */}
      <main className={classes.main} style={{ minHeight: `calc(100dvh - ${FOOTER_HEIGHT}px)` }}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
