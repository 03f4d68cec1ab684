import { useMediaQuery } from "@mantine/hooks";

/** Below Mantine's `sm` breakpoint (768 px): lists show cards, not tables (issue 14: usable at 390 px). */
const PHONE = "(max-width: 47.99em)";

/** True on a phone-sized window; read at once (not after a first render), so a list draws one layout. */
export function usePhone() {
  return useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
}
