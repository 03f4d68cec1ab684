import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { newActionId, trackAction, updateAction } from "../api/track";

type View = { id: string; path: string; startedAt: number; inserted: Promise<boolean>; insertedOk: boolean | null };

const durationOf = (v: View) => Math.max(0, Math.round(performance.now() - v.startedAt));

/**
 * Page views with their duration, for signed-in users only (docs/RULES.md, Activity history): a page view is
 * recorded when a route is entered; its duration is written when the route changes, and by
 * navigator.sendBeacon when the tab is hidden or closed, so nothing is lost when the page goes away.
 */
export function PageViewTracker({ signedIn }: { signedIn: boolean }) {
  const location = useLocation();
  const current = useRef<View | null>(null);

  // Route change (or sign-out): close the previous view, open the next one.
  useEffect(() => {
    const previous = current.current;
    // Same page and still signed in (e.g. React StrictMode running the effect twice): keep the open view.
    if (previous && signedIn && previous.path === location.pathname) return;
    if (previous) {
      const duration = durationOf(previous);
      void previous.inserted.then((ok) => {
        if (ok) void updateAction({ actionId: previous.id, duration_ms: duration, details: { ended: "route_change" } });
      });
      current.current = null;
    }
    if (!signedIn) return;
    const id = newActionId();
    const view: View = {
      id,
      path: location.pathname,
      startedAt: performance.now(),
      inserted: Promise.resolve(false),
      insertedOk: null,
    };
    view.inserted = trackAction({
      id,
      actionType: "navigation",
      actionName: "page_view",
      resourceType: "page",
      resourceId: location.pathname,
      details: {
        path: location.pathname,
        search: location.search || undefined,
        title: document.title,
        referrer: previous?.path ?? (document.referrer || undefined),
      },
    }).then((ok) => {
      view.insertedOk = ok;
      return ok;
    });
    current.current = view;
    // A route change is a new path; query-string changes (filters, paging) stay within the same view.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one view per path, not per query string
  }, [location.pathname, signedIn]);

  // Tab hidden or closed: write the duration so far by beacon (a later update overwrites it).
  useEffect(() => {
    const flush = () => {
      const view = current.current;
      if (!view) return;
      const duration = durationOf(view);
      if (view.insertedOk) {
        void updateAction({ actionId: view.id, duration_ms: duration, details: { ended: "unload" } }, true);
      } else {
        // The insert may not have landed yet: send the whole record again with the same id (the server completes it).
        void trackAction(
          {
            id: view.id,
            actionType: "navigation",
            actionName: "page_view",
            resourceType: "page",
            resourceId: view.path,
            durationMs: duration,
            details: { path: view.path, ended: "unload" },
          },
          true,
        );
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush();
    };
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, []);

  return null;
}
