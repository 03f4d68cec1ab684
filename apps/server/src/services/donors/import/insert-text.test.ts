import { describe, expect, it } from "vitest";
import { parseRow, planHeaders, textToHtml } from "../rows.ts";
import { EXTRA_CODES, extraOf } from "../extra.ts";
import { insertRecord, rowWriter, type InsertFormat } from "./insert-text.ts";

const ORG = "00000000-0000-4000-8000-000000000001";
const BATCH = "00000000-0000-4000-8000-000000000002";

const header = [
  "First Name",
  "Last Name",
  "Email",
  "Notes",
  "Estimated Capacity",
  "Quality Score",
  "RFM Total",
  "Foundation",
  "Date Searched",
  "Hobby",
  "Age",
  "User1",
];
const rows = [
  [
    "Ann",
    "Lee",
    "ANN@Example.org",
    'line one\nline <two> & "three"',
    "$1,234.50",
    "7.5",
    "4",
    "Yes",
    "2024-03-09",
    "chess",
    "40",
    "a\\b\tc",
  ],
  ["Bo", "", "", "", "", "", "", "", "", "", "", "ok \u{1F389}\u2028 done"], // written as JSON.stringify would
  ["Cy", "Ng", "not an email", "", "lots", "11", "x", "perhaps", "13/40/2020", "", "-1", "tab\tonly"],
  ["Dee", "Ox", "", "", "(5)", "", "-3", "no", "02/29/2024", "  ", "", 'say "hi"'],
  ["Eve", "Po", "e@x.io", "", "", "", "", "", "", "", ""], // one cell short
];

// The same file with its columns the other way round and a Relationship Manager column: the worker reads
// cells by column, the main thread by key.
const MANAGER = "00000000-0000-4000-8000-000000000003";
const files = {
  "as written": { header, rows },
  "reversed, with a manager": {
    header: [...header, "Relationship Manager"].reverse(),
    rows: rows.map((r, i) => [...r, i % 2 ? "nobody@x.io" : "RM@Example.org"].reverse()),
  },
};

describe("new donors written by the worker", () => {
  it.each(
    (["copy", "json"] as InsertFormat[]).flatMap((format) =>
      Object.keys(files).map((file) => [format, file as keyof typeof files] as const),
    ),
  )("match what the main thread writes for the same rows (%s, %s)", (format, file) => {
    const { header, rows } = files[file];
    const plan = planHeaders(header, { "rm@example.org": MANAGER });
    const idOf = (i: number) => `00000000-0000-7000-8000-${String(i).padStart(12, "0")}`;
    let n = 0;
    const write = rowWriter(
      format,
      ORG,
      BATCH,
      plan.rules.map((r) => r.key),
      () => idOf(++n),
    );
    rows.forEach((cells, i) => {
      const r = parseRow(plan, cells, i + 1);
      expect(r.skip).toBe(false);
      if (file !== "as written") expect(r.values.relationshipManagerId).toBe(i % 2 ? undefined : MANAGER);
      // As prepareChunk builds a new donor: notes as HTML, extra from the values.
      const fields = { ...r.values };
      if (typeof fields.notes === "string") fields.notes = textToHtml(fields.notes);
      const extra = extraOf(fields, { ...r.unknown }, { ...r.invalid });
      const expected = insertRecord(format, ORG, BATCH, fields, extra, undefined, idOf(i + 1));
      expect(write(r)).toBe(expected);
    });
  });

  it("escape COPY's special characters and keep JSON valid", () => {
    const plan = planHeaders(header);
    const r = parseRow(plan, rows[0]!, 1);
    const line = rowWriter(
      "copy",
      ORG,
      BATCH,
      plan.rules.map((x) => x.key),
    )(r);
    expect(line.endsWith("\n")).toBe(true);
    expect(line.slice(0, -1)).not.toMatch(/[\n\r]/);
    const json = JSON.parse(
      rowWriter(
        "json",
        ORG,
        BATCH,
        plan.rules.map((x) => x.key),
      )(r),
    );
    expect(json.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(line.split("\t")[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(json).toMatchObject({
      organization_id: ORG,
      email: "ann@example.org",
      notes: "<p>line one<br>line &lt;two&gt; &amp; &quot;three&quot;</p>",
      // Stored under their codes (ADR 060).
      extra: {
        fields: { [EXTRA_CODES.rfmTotal!]: 4, [EXTRA_CODES.foundation!]: "Yes", [EXTRA_CODES.user1!]: "a\\b\tc" },
        unknown: { Hobby: "chess" },
      },
    });
  });
});
