import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ColumnDef } from "@domain/registry/types";
import { baseLocale, overwriteGetLocale } from "@domain/i18n/paraglide/runtime";
import { CellValue } from "./cells";

// How a list's cells may break their lines (a list's table fits its card at
// 1440 px, tests/e2e/fit.spec.ts). A table sizes each column by its longest unbreakable piece of
// text, so these rules decide whether a row of long codes pushes the table out of its card.

const cell = (column: Omit<ColumnDef, "label">, value: unknown) =>
  renderToStaticMarkup(createElement(CellValue, { column: { label: column.key, ...column }, value }));

describe("a serial range (a form pad's or cheque book's series)", () => {
  it("keeps each serial whole and breaks only after the dash", () => {
    const html = cell({ key: "series_joint", kind: "range" }, "4364301 T–4364350 T");
    expect(html).toContain('<span class="whitespace-nowrap">4364301 T–</span><wbr/><span class="whitespace-nowrap">4364350 T</span>');
  });

  it("reads a value without a dash as ordinary text", () => {
    const html = cell({ key: "series_joint", kind: "range" }, "4364301");
    expect(html).toContain(">4364301</span>");
    expect(html).not.toContain("<wbr/>");
  });
});

describe("long words in a cell", () => {
  it("lets a word of more than 14 characters break anywhere, and no other", () => {
    const html = cell({ key: "pad_code", kind: "text" }, "Pad E2E-momt67hi31m1 of Accountable forms");
    expect(html).toContain('Pad <span class="wrap-anywhere">E2E-momt67hi31m1</span> of Accountable forms');
  });

  it("leaves text of ordinary words as it is", () => {
    const html = cell({ key: "name", kind: "reference" }, { id: 1, name: "Accountable Form No. 51" });
    expect(html).not.toContain("wrap-anywhere");
    expect(html).toContain(">Accountable Form No. 51</span>");
  });

  it("applies to each badge of a list", () => {
    const html = cell({ key: "collector_names", kind: "list" }, ["Tess Treasurer", "someone.with.a.long@address.example"]);
    expect(html).toContain(">Tess Treasurer</span>");
    expect(html).toContain('<span class="wrap-anywhere">someone.with.a.long@address.example</span>');
  });
});

describe("a row's status badge", () => {
  // The server sends the status as its English value; the badge reads it in the reader's language.
  it("says Void to an English reader and Na-void to a Filipino one (issue 33 item 4)", () => {
    const badge = () => cell({ key: "status", kind: "status" }, "Void");
    expect(badge()).toContain("Void</span>");
    try {
      overwriteGetLocale(() => "fil");
      expect(badge()).toContain("Na-void</span>");
      expect(badge()).not.toContain(">Void<");
    } finally {
      overwriteGetLocale(() => baseLocale);
    }
  });
});
