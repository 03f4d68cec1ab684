import { useLayoutEffect } from "react";
import { PRODUCT_NAME } from "@cultivate/shared";

/** "Donors · Cultivate": the page's own name first (what a tab or the history shows), the product last. */
export const pageTitle = (...parts: (string | null | undefined)[]): string =>
  [...parts.filter((p): p is string => Boolean(p)), PRODUCT_NAME].join(" · ");

/**
 * Sets the document title while the page is on screen; every page calls it once. A layout effect, so the
 * title is in place before the page view is recorded (the tracker reads document.title in a passive effect).
 * `null` leaves the title to another component of the page (e.g. the donor pages name the donor once loaded).
 */
export function usePageTitle(...parts: [string | null, ...(string | null | undefined)[]]): void {
  const title = parts[0] === null ? null : pageTitle(...parts);
  useLayoutEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}
