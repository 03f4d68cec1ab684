import { DEFAULT_THEME, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from "@mantine/core";

/**
 * WCAG 2.2 AA contrast (issue 14; e2e/a11y.spec.ts runs axe on every page): Mantine's shades 7–9 are
 * too light for white text on filled buttons (teal 3.1:1, red 3.8:1), for links and outline buttons on
 * white and for light badges (4.3:1). Shades 0–6 stay Mantine's; 7–9 of the colours we use are darker,
 * same hue, so every filled, outline, light and text use reaches 4.5:1.
 */
const darkened = (name: string, shades: [string, string, string]) =>
  [...DEFAULT_THEME.colors[name]!.slice(0, 7), ...shades] as unknown as MantineColorsTuple;
const colors = {
  teal: darkened("teal", ["#087f5b", "#06704f", "#055f43"]),
  green: darkened("green", ["#237a33", "#1c6b2b", "#155c24"]),
  red: darkened("red", ["#c92a2a", "#b02525", "#a61e1e"]),
  orange: darkened("orange", ["#b8400c", "#a3380a", "#8f3108"]),
  yellow: darkened("yellow", ["#a85800", "#945000", "#804400"]),
  blue: darkened("blue", ["#1971c2", "#1864ab", "#124f86"]),
  grape: darkened("grape", ["#862e9c", "#7a2890", "#6b2480"]),
};

/** "dimmed" text is gray 6 (3.3:1 on white): gray 7 reads as secondary and passes (8:1). */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { "--mantine-color-dimmed": t.colors.gray[7]! },
  dark: {},
});

export const theme = createTheme({
  colors,
  primaryColor: "teal",
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: "md",
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: { fontWeight: "750" },
  // A modal's × is an icon button: it needs a name (axe button-name, e2e/a11y.spec.ts). Plain objects, not
  // Modal.extend: importing Modal here would put it in the public pages' first load (ADR 039).
  components: {
    // Mantine's focus placeholder is a focusable role=presentation div, which axe refuses inside a menu
    // (aria-required-children); without it, opening a menu focuses its first item.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    Drawer: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
  },
});
