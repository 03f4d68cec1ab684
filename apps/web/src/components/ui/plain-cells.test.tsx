// The plain pieces must render what Mantine's components render (ADR 066): each is drawn beside its Mantine
// component in the app's theme and the two markups compared, classes and style declarations in any order,
// generated ids left out. A Mantine upgrade that changes a class, an attribute or a variable fails here.
import fs from "node:fs";
import { createRequire } from "node:module";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  MantineProvider,
  SimpleGrid,
  Table,
  Text,
  getSpacing,
  rem,
} from "@mantine/core";
import { IconEye } from "@tabler/icons-react";
import { cssVariablesResolver, theme } from "../../lib/theme";
import {
  CHECKBOX_ROOT_VARS,
  PlainAnchorLink,
  PlainBadge,
  PlainButtonLink,
  PlainCardItem,
  PlainCheckbox,
  PlainGrid,
  PlainGroup,
  PlainText,
  PlainTd,
  PlainTr,
  usePlainStyles,
  type PlainStyles,
} from "./plain-cells";

/** The markup of `node` alone, inside the app's providers (Mantine's own <style> tags left out). */
function markup(node: (styles: PlainStyles) => ReactNode) {
  function WithStyles() {
    return <>{node(usePlainStyles())}</>;
  }
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <section>
          <WithStyles />
        </section>
      </MantineProvider>
    </MemoryRouter>,
  );
  return html.slice(html.indexOf("<section>") + 9, html.lastIndexOf("</section>"));
}

type Element = { tag: string; attrs: Record<string, string>; children: Element[]; text: string };

/** A small parser for renderToStaticMarkup's output: classes and style declarations as sorted sets. */
function parse(html: string): Element[] {
  const root: Element = { tag: "#root", attrs: {}, children: [], text: "" };
  const stack = [root];
  const token = /<(\/?)([a-zA-Z0-9]+)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(\/?)>|([^<]+)/g;
  for (const m of html.matchAll(token)) {
    const top = stack[stack.length - 1]!;
    if (m[5] !== undefined) {
      top.text += m[5];
      continue;
    }
    if (m[1]) {
      stack.pop();
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of m[3]!.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)) {
      const [, name, value = ""] = a;
      if (name === "id") continue;
      if (name === "class") attrs[name] = [...new Set(value.split(/\s+/).filter(Boolean))].sort().join(" ");
      else if (name === "style")
        attrs[name] = value
          .split(";")
          .map((d) => d.trim())
          .filter(Boolean)
          .sort()
          .join(";");
      else attrs[name!] = value;
    }
    const el: Element = { tag: m[2]!, attrs, children: [], text: "" };
    top.children.push(el);
    const voidTag = ["input", "path", "col", "br", "img"].includes(el.tag);
    if (!m[4] && !voidTag) stack.push(el);
  }
  return root.children;
}

const same = (mine: (s: PlainStyles) => ReactNode, mantine: ReactNode) =>
  expect(parse(markup(mine))).toEqual(parse(markup(() => mantine)));

describe("plain cells render Mantine's markup", () => {
  it("a table row and cell", () => {
    const table = (body: ReactNode) => (
      <Table highlightOnHover>
        <Table.Tbody>{body}</Table.Tbody>
      </Table>
    );
    same(
      () =>
        table(
          <PlainTr className="extra" aria-rowindex={2}>
            <PlainTd className="cell">x</PlainTd>
          </PlainTr>,
        ),
      table(
        <Table.Tr className="extra" aria-rowindex={2}>
          <Table.Td className="cell">x</Table.Td>
        </Table.Tr>,
      ),
    );
  });

  it("a checkbox, ticked and not, with a margin and without", () => {
    for (const [checked, mt] of [
      [false, undefined],
      [true, undefined],
      [false, 3],
    ] as const) {
      const mine = parse(
        markup((s) => (
          <PlainCheckbox
            styles={s}
            label="Select Ann Lee"
            checked={checked}
            onChange={() => {}}
            style={mt === undefined ? undefined : { marginTop: rem(mt) }}
          />
        )),
      );
      const theirs = parse(
        markup(() => <Checkbox aria-label="Select Ann Lee" checked={checked} onChange={() => {}} mt={mt} />),
      );
      // Mantine's root carries one more class (Checkbox.module.css's root, which only sets variables); ours
      // sets the variables that class gives size "sm" and variant "filled" instead.
      const theirClasses = theirs[0]!.attrs.class!.split(" ");
      const extra = theirClasses.filter((c) => !mine[0]!.attrs.class!.split(" ").includes(c));
      expect(extra).toHaveLength(1);
      const css = fs.readFileSync(createRequire(import.meta.url).resolve("@mantine/core/styles/Checkbox.css"), "utf8");
      const rule = (selector: string) =>
        css.slice(css.indexOf(`${selector} {`), css.indexOf("}", css.indexOf(`${selector} {`)));
      expect(rule(`.${extra[0]}`)).toContain("--checkbox-size: var(--checkbox-size-sm);");
      expect(rule(`.${extra[0]}`)).toContain(`--checkbox-size-sm: ${CHECKBOX_ROOT_VARS["--checkbox-size"]};`);
      expect(rule(`.${extra[0]}:where([data-variant='filled'])`)).toContain(
        `--checkbox-icon-color: ${CHECKBOX_ROOT_VARS["--checkbox-icon-color"]};`,
      );
      theirs[0]!.attrs.class = theirClasses.filter((c) => c !== extra[0]).join(" ");
      theirs[0]!.attrs.style = [
        ...theirs[0]!.attrs.style!.split(";"),
        ...Object.entries(CHECKBOX_ROOT_VARS).map(([k, v]) => `${k}:${v}`),
      ]
        .sort()
        .join(";");
      expect(mine).toEqual(theirs);
    }
  });

  it("a light badge in each colour the list uses", () => {
    for (const color of ["blue", "teal"])
      same(
        (s) => (
          <PlainBadge styles={s} color={color} style={{ overflow: "visible", minWidth: "max-content" }}>
            Discovery
          </PlainBadge>
        ),
        <Badge variant="light" color={color} style={{ overflow: "visible" }} miw="max-content">
          Discovery
        </Badge>,
      );
  });

  it("a link styled as an anchor", () => {
    same(
      (s) => (
        <PlainAnchorLink styles={s} to="/donor/1/dashboard" size="sm" fw={600} className="wrap">
          Lee, Ann
        </PlainAnchorLink>
      ),
      <Anchor href="/donor/1/dashboard" size="sm" fw={600} className="wrap">
        Lee, Ann
      </Anchor>,
    );
  });

  it("a link styled as a compact light button with an icon", () => {
    same(
      (s) => (
        <PlainButtonLink styles={s} to="/donor/1/dashboard" leftSection={<IconEye size={14} />}>
          View Details
        </PlainButtonLink>
      ),
      <Button
        component="a"
        href="/donor/1/dashboard"
        size="compact-sm"
        variant="light"
        leftSection={<IconEye size={14} />}
      >
        View Details
      </Button>,
    );
  });

  it("texts: small and dimmed, cut with a title; medium weight", () => {
    same(
      (s) => (
        <PlainText styles={s} size="xs" dimmed truncate title="ann@example.org">
          ann@example.org
        </PlainText>
      ),
      <Text size="xs" c="dimmed" truncate="end" title="ann@example.org">
        ann@example.org
      </Text>,
    );
    same(
      (s) => (
        <PlainText styles={s} size="sm" fw={500}>
          $1,250
        </PlainText>
      ),
      <Text size="sm" fw={500}>
        $1,250
      </Text>,
    );
  });

  it("a link at the text's own size, with a style", () => {
    same(
      (s) => (
        <PlainAnchorLink styles={s} to="/donor/1/dashboard" fw={600} style={{ overflowWrap: "anywhere" }}>
          Lee, Ann
        </PlainAnchorLink>
      ),
      <Anchor href="/donor/1/dashboard" fw={600} style={{ overflowWrap: "anywhere" }}>
        Lee, Ann
      </Anchor>,
    );
  });

  it("a full-width button link with a margin and a name", () => {
    same(
      (s) => (
        <PlainButtonLink
          styles={s}
          to="/donor/1/dashboard"
          fullWidth
          style={{ marginTop: getSpacing("xs") }}
          aria-label="View Details of Lee, Ann"
        >
          View Details
        </PlainButtonLink>
      ),
      <Button
        component="a"
        href="/donor/1/dashboard"
        size="compact-sm"
        variant="light"
        mt="xs"
        fullWidth
        aria-label="View Details of Lee, Ann"
      >
        View Details
      </Button>,
    );
  });

  it("groups, and a card holding them", () => {
    same(
      (s) => (
        <PlainCardItem styles={s} radius="md" padding="sm" className="card" data-selected>
          <PlainGroup styles={s} layout={{ gap: "xs", align: "flex-start", justify: "space-between", wrap: "nowrap" }}>
            <PlainGroup
              styles={s}
              layout={{ gap: "sm", align: "flex-start", justify: "flex-start", wrap: "nowrap" }}
              style={{ minWidth: 0 }}
            >
              x
            </PlainGroup>
          </PlainGroup>
        </PlainCardItem>
      ),
      <Card component="li" withBorder radius="md" padding="sm" className="card" data-selected>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Group gap="sm" wrap="nowrap" align="flex-start" justify="flex-start" style={{ minWidth: 0 }}>
            x
          </Group>
        </Group>
      </Card>,
    );
  });

  it("a grid of fixed columns: Mantine's <style> element's variables on the grid itself", () => {
    const mine = parse(
      markup(() => (
        <PlainGrid cols={3} spacing="xs" style={{ marginTop: getSpacing("xs") }}>
          <div>x</div>
        </PlainGrid>
      )),
    );
    const [styleTag, grid] = parse(
      markup(() => (
        <SimpleGrid cols={3} spacing="xs" mt="xs">
          <div>x</div>
        </SimpleGrid>
      )),
    );
    // <style>.__m__-ID{--sg-spacing-x:…;--sg-spacing-y:…;--sg-cols:3;}</style>, then the grid with class __m__-ID.
    const rule = /^\.(\S+)\{(.*)\}$/.exec(styleTag!.text)!;
    expect(grid!.attrs.class!.split(" ")).toContain(rule[1]);
    grid!.attrs.class = grid!.attrs
      .class!.split(" ")
      .filter((c) => c !== rule[1])
      .join(" ");
    grid!.attrs.style = [...grid!.attrs.style!.split(";"), ...rule[2]!.split(";").filter(Boolean)].sort().join(";");
    expect(mine).toEqual([grid]);
  });
});
