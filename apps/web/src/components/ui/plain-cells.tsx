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
  Card,
  CheckIcon,
  Checkbox,
  FOCUS_CLASS_NAMES,
  Group,
  Paper,
  SimpleGrid,
  Table,
  Text,
  UnstyledButton,
  getSpacing,
  useMantineTheme,
  type BadgeProps,
  type ButtonProps,
  type CardProps,
  type CheckboxProps,
  type GroupProps,
  type MantineColor,
  type MantineSize,
  type MantineSpacing,
  type MantineTheme,
  type PaperProps,
  type TextProps,
} from "@mantine/core";

/**
 * Mantine's markup for a list's many small pieces (a table row and its cells; a card, group, grid and
 * text; a checkbox, a badge, a link, a compact button) as plain elements: the same classes, data
 * attributes and CSS variables Mantine's components give, so they look the same, without a Mantine
 * component (props, theme and Styles API resolved again) per piece. A page of 50 donors had about 40
 * Mantine components a table row and 55 a phone card, most of a filter change's time in the browser
 * (ADR 066). The variables come from Mantine's own resolvers, once per theme; plain-cells.test.tsx
 * renders each piece beside Mantine's component and fails when an upgrade makes them differ.
 */

type Vars = Record<string, string | undefined>;
/** A resolver's root variables without the unset ones (React would write nothing for them either). */
const vars = (resolved: { root?: Vars }) =>
  Object.fromEntries(Object.entries(resolved.root ?? {}).filter(([, v]) => v !== undefined)) as CSSProperties;
const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ");

/** What the pieces need from the theme: each set of variables worked out once per theme (usePlainStyles). */
export interface PlainStyles {
  focus: string;
  active: string;
  checkbox: CSSProperties;
  text: (size: MantineSize) => CSSProperties;
  lightBadge: (color: MantineColor) => CSSProperties;
  lightButton: (size: "compact-sm") => CSSProperties;
  group: (props: GroupLayout) => CSSProperties;
  card: (radius: MantineSize, padding: MantineSpacing) => CSSProperties;
}

/** A Group's layout, all four given (Mantine's defaults are not applied here). */
export interface GroupLayout {
  gap: MantineSpacing;
  align: CSSProperties["alignItems"];
  justify: CSSProperties["justifyContent"];
  wrap: CSSProperties["flexWrap"];
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
  const cache = new Map<string, CSSProperties>();
  const once = (key: string, make: () => CSSProperties) => {
    let style = cache.get(key);
    if (!style) {
      style = make();
      cache.set(key, style);
    }
    return style;
  };
  return {
    focus: theme.focusClassName || FOCUS_CLASS_NAMES[theme.focusRing],
    active: theme.activeClassName,
    checkbox: {
      ...CHECKBOX_ROOT_VARS,
      ...vars(Checkbox.varsResolver(theme, { radius: "sm", variant: "filled" } as CheckboxProps, {})),
    } as CSSProperties,
    text: (size) => once(`text ${size}`, () => vars(Text.varsResolver(theme, { size } as TextProps, {}))),
    lightBadge: (color) =>
      once(`badge ${color}`, () => vars(Badge.varsResolver(theme, { variant: "light", color } as BadgeProps, {}))),
    lightButton: (size) =>
      once(`button ${size}`, () => vars(Button.varsResolver(theme, { variant: "light", size } as ButtonProps, {}))),
    group: (layout) =>
      once(`group ${layout.gap} ${layout.align} ${layout.justify} ${layout.wrap}`, () =>
        vars(Group.varsResolver(theme, layout as GroupProps, { childWidth: "" })),
      ),
    card: (radius, padding) =>
      once(`card ${radius} ${padding}`, () => ({
        ...vars(Paper.varsResolver(theme, { radius } as PaperProps, {})),
        ...vars(Card.varsResolver(theme, { padding } as CardProps, {})),
      })),
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

/** `<Checkbox aria-label checked onChange />` without a label (size "sm", variant "filled"); `style` as Mantine's. */
export function PlainCheckbox({
  styles,
  label,
  checked,
  onChange,
  style,
}: {
  styles: PlainStyles;
  label: string;
  checked: boolean;
  onChange: () => void;
  style?: CSSProperties;
}) {
  return (
    <div
      style={style ? { ...styles.checkbox, ...style } : styles.checkbox}
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

/** `<Text size c="dimmed" fw truncate="end" title>` as a `<p>`. */
export function PlainText({
  styles,
  size,
  dimmed,
  fw,
  truncate,
  title,
  children,
}: {
  styles: PlainStyles;
  size: MantineSize;
  dimmed?: boolean;
  fw?: number;
  truncate?: boolean;
  title?: string;
  children: ReactNode;
}) {
  const style = styles.text(size);
  return (
    <p
      style={
        dimmed || fw ? { ...style, color: dimmed ? "var(--mantine-color-dimmed)" : undefined, fontWeight: fw } : style
      }
      className={cx(styles.focus, Text.classes.root, "mantine-Text-root")}
      data-size={size}
      data-truncate={truncate ? "end" : undefined}
      title={title}
    >
      {children}
    </p>
  );
}

/** `<Group gap align justify wrap style>`; children as given (Mantine's drops false and null ones, as React does). */
export function PlainGroup({
  styles,
  layout,
  style,
  children,
}: {
  styles: PlainStyles;
  layout: GroupLayout;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const vars = styles.group(layout);
  return (
    <div style={style ? { ...vars, ...style } : vars} className={cx(Group.classes.root, "mantine-Group-root")}>
      {children}
    </div>
  );
}

/**
 * `<SimpleGrid cols spacing style>` with one column count at every width. Mantine writes its variables into a
 * `<style>` element with a class of its own for each grid (they may change by breakpoint); a fixed grid can
 * carry them on itself.
 */
export function PlainGrid({
  cols,
  spacing,
  style,
  children,
}: {
  cols: number;
  spacing: MantineSpacing;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const gap = getSpacing(spacing);
  return (
    <div
      style={{ "--sg-spacing-x": gap, "--sg-spacing-y": gap, "--sg-cols": cols, ...style } as CSSProperties}
      className={cx(SimpleGrid.classes.root, "mantine-SimpleGrid-root")}
    >
      {children}
    </div>
  );
}

/** `<Card component="li" withBorder radius padding className>` whose children hold no Card.Section. */
export function PlainCardItem({
  styles,
  radius,
  padding,
  className,
  children,
  ...data
}: {
  styles: PlainStyles;
  radius: MantineSize;
  padding: MantineSpacing;
  className?: string;
  children: ReactNode;
} & { [data: `data-${string}`]: string | boolean | undefined }) {
  return (
    <li
      style={styles.card(radius, padding)}
      className={cx(Card.classes.root, "mantine-Card-root", Paper.classes.root, "mantine-Paper-root", className)}
      data-with-border="true"
      data-orientation="vertical"
      {...data}
    >
      {children}
    </li>
  );
}

/**
 * React Router's Link is a component with several hooks; two a row were a tenth of a page's render. The plain
 * links are `<a href>`, and the list around them follows them in the page with this one handler.
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

/**
 * `<Anchor component={Link} to size fw style>` (underline on hover), as a plain `<a href>`: the list around
 * it follows it in the page (useRouteLinkClicks).
 */
export function PlainAnchorLink({
  styles,
  to,
  size,
  fw,
  style,
  className,
  children,
}: {
  styles: PlainStyles;
  to: string;
  size?: MantineSize;
  fw?: number;
  style?: CSSProperties;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={to}
      style={{ ...(size ? styles.text(size) : undefined), ...style, fontWeight: fw }}
      className={cx(
        styles.focus,
        Anchor.classes.root,
        className,
        Text.classes.root,
        "mantine-Text-root mantine-Anchor-root",
      )}
      data-size={size}
      data-underline="hover"
    >
      {children}
    </a>
  );
}

/**
 * `<Button component={Link} to size="compact-sm" variant="light" leftSection fullWidth style aria-label>`, as a
 * plain `<a href>` (useRouteLinkClicks follows it).
 */
export function PlainButtonLink({
  styles,
  to,
  leftSection,
  fullWidth,
  style,
  "aria-label": ariaLabel,
  children,
}: {
  styles: PlainStyles;
  to: string;
  leftSection?: ReactNode;
  fullWidth?: boolean;
  style?: CSSProperties;
  "aria-label"?: string;
  children: ReactNode;
}) {
  const vars = styles.lightButton("compact-sm");
  return (
    <a
      href={to}
      style={style ? { ...vars, ...style } : vars}
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
      data-block={fullWidth ? "true" : undefined}
      data-with-left-section={leftSection ? "true" : undefined}
      aria-label={ariaLabel}
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
