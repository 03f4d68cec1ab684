import {
  useCallback,
  useMemo,
  type MouseEvent,
  type ComponentPropsWithoutRef,
  type ComponentPropsWithRef,
  type CSSProperties,
  type ReactNode,
} from "react";
import { useNavigate } from "react-router";
import {
  Anchor,
  Badge,
  Button,
  CheckIcon,
  Checkbox,
  FOCUS_CLASS_NAMES,
  Table,
  Text,
  UnstyledButton,
  useMantineTheme,
  type BadgeProps,
  type ButtonProps,
  type CheckboxProps,
  type MantineColor,
  type MantineTheme,
  type TextProps,
} from "@mantine/core";

/**
 * Mantine's markup for a list's many small pieces (a row, its cells, a checkbox, a badge, a link, a compact
 * button) as plain elements: the same classes, data attributes and CSS variables Mantine's components give,
 * so they look the same, without a Mantine component (props, theme and Styles API resolved again) per cell.
 * A page of 50 donors had about 40 Mantine components a row, most of a filter change's time in the browser
 * (ADR 066). The variables come from Mantine's own resolvers, once per theme; plain-cells.test.tsx renders
 * each piece beside Mantine's component and fails when an upgrade makes them differ.
 */

type Vars = Record<string, string | undefined>;
/** A resolver's root variables without the unset ones (React would write nothing for them either). */
const vars = (resolved: { root?: Vars }) =>
  Object.fromEntries(Object.entries(resolved.root ?? {}).filter(([, v]) => v !== undefined)) as CSSProperties;
const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ");

/** What the pieces need from the theme, worked out once (usePlainStyles). */
export interface PlainStyles {
  focus: string;
  active: string;
  checkbox: CSSProperties;
  text: Record<"sm", CSSProperties>;
  lightBadge: (color: MantineColor) => CSSProperties;
  lightButton: Record<"compact-sm", CSSProperties>;
}

/**
 * The Checkbox root's own class (Mantine's Checkbox.module.css `.root`) only sets variables; Checkbox.classes
 * names InlineInput's root instead, so its size and icon colour for size "sm" and variant "filled" are set
 * here (plain-cells.test.tsx reads them from Mantine's Checkbox.css).
 */
export const CHECKBOX_ROOT_VARS = {
  "--checkbox-size": "calc(1.25rem * var(--mantine-scale))",
  "--checkbox-icon-color": "var(--mantine-color-white)",
} as const;

export function plainStyles(theme: MantineTheme): PlainStyles {
  const badges = new Map<string, CSSProperties>();
  return {
    focus: theme.focusClassName || FOCUS_CLASS_NAMES[theme.focusRing],
    active: theme.activeClassName,
    checkbox: {
      ...CHECKBOX_ROOT_VARS,
      ...vars(Checkbox.varsResolver(theme, { radius: "sm", variant: "filled" } as CheckboxProps, {})),
    } as CSSProperties,
    text: { sm: vars(Text.varsResolver(theme, { size: "sm" } as TextProps, {})) },
    lightBadge: (color) => {
      let style = badges.get(color);
      if (!style) {
        style = vars(Badge.varsResolver(theme, { variant: "light", color } as BadgeProps, {}));
        badges.set(color, style);
      }
      return style;
    },
    lightButton: {
      "compact-sm": vars(Button.varsResolver(theme, { variant: "light", size: "compact-sm" } as ButtonProps, {})),
    },
  };
}

/** The plain pieces' theme values, recomputed only when the theme changes. */
export function usePlainStyles(): PlainStyles {
  const theme = useMantineTheme();
  return useMemo(() => plainStyles(theme), [theme]);
}

/** Table.Tr of a table with row borders and highlightOnHover. */
export function PlainTr({ className, ...props }: ComponentPropsWithRef<"tr">) {
  return (
    <tr className={cx(Table.classes.tr, "mantine-Table-tr", className)} data-with-row-border data-hover {...props} />
  );
}

/** Table.Td. */
export function PlainTd({ className, ...props }: ComponentPropsWithoutRef<"td">) {
  return <td className={cx(Table.classes.td, "mantine-Table-td", className)} {...props} />;
}

const CHECK_ICON = <CheckIcon aria-hidden className={cx(Checkbox.classes.icon, "mantine-Checkbox-icon")} />;

/** `<Checkbox aria-label checked onChange />` without a label (size "sm", variant "filled"). */
export function PlainCheckbox({
  styles,
  label,
  checked,
  onChange,
}: {
  styles: PlainStyles;
  label: string;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <div
      style={styles.checkbox}
      className={cx(Checkbox.classes.root, "mantine-Checkbox-root")}
      data-checked={checked || undefined}
      data-variant="filled"
      data-label-position="right"
    >
      <div className={cx(Checkbox.classes.body, "mantine-Checkbox-body")}>
        <div className={cx(Checkbox.classes.inner, "mantine-Checkbox-inner")} data-label-position="right">
          <input
            className={cx(styles.focus, Checkbox.classes.input, "mantine-Checkbox-input")}
            data-with-error-styles="true"
            aria-label={label}
            type="checkbox"
            checked={checked}
            onChange={onChange}
          />
          {CHECK_ICON}
        </div>
        <div className={cx(Checkbox.classes.labelWrapper, "mantine-Checkbox-labelWrapper")} />
      </div>
    </div>
  );
}

/** `<Badge variant="light" color>` (Mantine's default size). */
export function PlainBadge({
  styles,
  color,
  style,
  children,
}: {
  styles: PlainStyles;
  color: MantineColor;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <div
      style={{ ...styles.lightBadge(color), ...style }}
      className={cx(Badge.classes.root, "mantine-Badge-root")}
      data-variant="light"
    >
      <span className={cx(Badge.classes.label, "mantine-Badge-label")}>{children}</span>
    </div>
  );
}

/**
 * React Router's Link is a component with several hooks; two a row were a tenth of a page's render. The plain
 * links are `<a href>` and the table around them follows them in the page (useRouteLinkClicks).
 */
export function useRouteLinkClicks() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent) => {
      // What Link does: a plain left click on an app path navigates in the page; a modified or middle click,
      // another target, a download, or a click already handled is left to the browser.
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.altKey ||
        event.ctrlKey ||
        event.shiftKey
      )
        return;
      const link = (event.target as Element).closest?.("a[href]");
      const href = link?.getAttribute("href");
      if (
        !link ||
        !href?.startsWith("/") ||
        href.startsWith("//") ||
        link.hasAttribute("target") ||
        link.hasAttribute("download")
      )
        return;
      event.preventDefault();
      void navigate(href);
    },
    [navigate],
  );
}

/** `<Anchor component={Link} to size="sm">` (underline on hover; useRouteLinkClicks follows it); `fw` as Mantine's style prop. */
export function PlainAnchorLink({
  styles,
  to,
  fw,
  className,
  children,
}: {
  styles: PlainStyles;
  to: string;
  fw?: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={to}
      style={fw === undefined ? styles.text.sm : { ...styles.text.sm, fontWeight: fw }}
      className={cx(
        styles.focus,
        Anchor.classes.root,
        className,
        Text.classes.root,
        "mantine-Text-root mantine-Anchor-root",
      )}
      data-size="sm"
      data-underline="hover"
    >
      {children}
    </a>
  );
}

/** `<Button component={Link} to size="compact-sm" variant="light" leftSection>` (useRouteLinkClicks follows it). */
export function PlainButtonLink({
  styles,
  to,
  leftSection,
  children,
}: {
  styles: PlainStyles;
  to: string;
  leftSection?: ReactNode;
  children: ReactNode;
}) {
  return (
    <a
      href={to}
      style={styles.lightButton["compact-sm"]}
      className={cx(
        styles.focus,
        styles.active,
        Button.classes.root,
        "mantine-Button-root",
        UnstyledButton.classes.root,
        "mantine-UnstyledButton-root",
      )}
      data-variant="light"
      data-size="compact-sm"
      data-with-left-section={leftSection ? "true" : undefined}
    >
      <span className={cx(Button.classes.inner, "mantine-Button-inner")}>
        {leftSection ? (
          <span className={cx(Button.classes.section, "mantine-Button-section")} data-position="left">
            {leftSection}
          </span>
        ) : null}
        <span className={cx(Button.classes.label, "mantine-Button-label")}>{children}</span>
      </span>
    </a>
  );
}
