import { describe, expect, it } from "vitest";
import type { ColumnDef } from "./registry/types";
import { csvField, csvHeader, csvRow, displayText, exportText, manilaTimestamp, selectPlaceholder, withArticle } from "./format";

describe("csvField (RFC 4180)", () => {
  it("leaves plain text alone and quotes commas, quotes and line breaks", () => {
    expect(csvField("Land Bank")).toBe("Land Bank");
    expect(csvField("Niño, Juan")).toBe('"Niño, Juan"');
    expect(csvField('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
  });
  it("defuses text a spreadsheet would run as a formula, but not amounts", () => {
    expect(csvField("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvField("@cmd")).toBe("'@cmd");
    expect(csvField("-20.00", "money")).toBe("-20.00");
  });
});

describe("exportText", () => {
  it("writes money with two decimals and no sign or grouping", () => {
    expect(exportText("money", "1500")).toBe("1500.00");
    expect(exportText("money", "1,500.5")).toBe("1500.50");
  });
  it("names references and people", () => {
    expect(exportText("reference", { id: 1, name: "Land Bank" })).toBe("Land Bank");
    expect(exportText("person", { id: 1, fullname: "Juan Dela Cruz" })).toBe("Juan Dela Cruz");
    expect(exportText("person", null)).toBe("");
  });
  it("writes instants in Manila time", () => {
    expect(exportText("datetime", "2024-01-04T16:30:00Z")).toBe("2024-01-05 00:30:00");
    expect(manilaTimestamp(new Date("2024-01-04T16:30:00Z"))).toBe("2024-01-05 00:30:00");
    expect(exportText("date", "2024-02-29")).toBe("2024-02-29");
  });
});

describe("displayText", () => {
  it("shows pesos and Manila dates", () => {
    expect(displayText("money", "1500")).toBe("₱1,500.00");
    expect(displayText("datetime", "2024-01-04T16:30:00Z")).toBe("Jan 5, 2024, 12:30 AM");
    expect(displayText("list", ["a", { name: "b" }])).toBe("a, b");
  });
});

describe("csvRow", () => {
  it("renders the columns in order with CRLF endings", () => {
    const columns: ColumnDef[] = [
      { key: "bank", label: "Bank", kind: "reference" },
      { key: "name", label: "Account, name", kind: "text" },
      { key: "amount", label: "Amount", kind: "money" },
    ];
    expect(csvHeader(columns)).toBe('Bank,"Account, name",Amount\r\n');
    expect(csvRow(columns, { bank: { id: 1, name: "BDO" }, name: "Fund ñ", amount: "12.5" })).toBe("BDO,Fund ñ,12.50\r\n");
  });
});

describe("selectPlaceholder (issue 26 item 10)", () => {
  it("says an before a vowel sound and a before a consonant sound", () => {
    expect(selectPlaceholder("Occupation")).toBe("Select an occupation");
    expect(selectPlaceholder("Account")).toBe("Select an account");
    expect(selectPlaceholder("Purok")).toBe("Select a purok");
    expect(selectPlaceholder("Bank")).toBe("Select a bank");
    expect(selectPlaceholder("User")).toBe("Select a user");
    expect(selectPlaceholder("Unit")).toBe("Select a unit");
  });
  it("reads a silent h as a vowel", () => {
    expect(withArticle("hour")).toBe("an hour");
    expect(withArticle("household")).toBe("a household");
    expect(withArticle("ethnicity")).toBe("an ethnicity");
  });
});
