import { useCallback, useRef } from "react";
import { useSearchParams, type NavigateOptions } from "react-router";

/**
 * The page's URL parameters, and one way to change some of them.
 *
 * React Router's functional `setSearchParams` hands its callback the parameters of the last render, and the
 * router renders a new address inside a transition, which React may hold back (behind a dropdown opening, or
 * while the new query loads). Two quick picks then both started from the old address, and the second undid the
 * first (the action history's type filter was lost that way in CI). The browser's address is already current
 * when the navigation has finished, so each change starts from it.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  // setParams is a new function after every address change; `update` stays the same one, so memoised children
  // that receive it do not re-render for it (ADR 039).
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;
  const update = useCallback((change: (next: URLSearchParams) => URLSearchParams | void, options?: NavigateOptions) => {
    const next = new URLSearchParams(window.location.search);
    setParamsRef.current(change(next) ?? next, options);
  }, []);
  return [params, update] as const;
}

/** Changes to some of the address's parameters: a value sets one, undefined (or "") removes it. */
export type UrlParamChanges = Record<string, string | undefined>;

/**
 * The page's URL parameters, and one stable way to set or remove several at once; `replace` changes the
 * current history entry instead of adding one (a search typed letter by letter); `keepScroll` leaves the
 * window where it is instead of the router's jump to the top (a pager that scrolls to its own list).
 */
export function useUrlParamSetter() {
  const [params, update] = useUrlParams();
  const set = useCallback(
    (changes: UrlParamChanges, replace?: boolean, options?: { keepScroll?: boolean }) =>
      update(
        (next) => {
          for (const [k, v] of Object.entries(changes)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          return next;
        },
        { replace, preventScrollReset: options?.keepScroll },
      ),
    [update],
  );
  return [params, set] as const;
}

/**
 * A list's `page` parameter (or `key`, for a second list on the page): a whole number from 1 to 100,000
 * (what the server takes), else 1.
 */
export const pageParam = (params: URLSearchParams, key = "page") =>
  Math.min(100_000, Math.max(1, Math.floor(Number(params.get(key))) || 1));

/** A list's `q` parameter: trimmed, at most 200 characters (what the server takes). */
export const searchParam = (params: URLSearchParams) => params.get("q")?.trim().slice(0, 200) ?? "";
