import { describe, expect, it } from "vitest";
import { KP_CASE_FORMS, KP_FORMS, kpBlocksText, kpFormRefusal, type KpFormCaseFacts } from "./forms";
import { enDayOf, filDayOf, type KpFormFacts } from "./form-text/facts";
import { KP_FORM_TEXT_EN } from "./form-text/en";
import { KP_FORM_TEXT_FIL } from "./form-text/fil";

// The KP forms' rules without a database (decision 203): which forms a case prints at each step,
// the two numberings, and texts that print blanks — never "null" — where the records hold nothing.

const CASE: KpFormCaseFacts = {
  docket_number: "2026-007",
  state: "filed",
  summoned_on: null,
  mediation_started_on: null,
  referred_on: null,
  pangkat_constituted_on: null,
  conciliation_started_on: null,
  arbitration_agreed_on: null,
  settled_on: null,
  awarded_on: null,
  repudiated_on: null,
  executed_on: null,
  certified_on: null,
  counterclaim_barred_on: null,
  execution_moved_on: null,
  pangkat_members: 0,
};

const printable = (c: Partial<KpFormCaseFacts>) =>
  KP_CASE_FORMS.filter((f) => kpFormRefusal(f, { ...CASE, ...c }) === null).map((f) => f.key);

describe("the forms a case prints", () => {
  it("opens each form at the step that issues it", () => {
    expect(printable({})).toEqual(["7"]);
    const summoned = { state: "summoned", summoned_on: "2026-03-03" };
    expect(printable(summoned)).toEqual(["7", "8", "9", "18", "19"]);
    const pangkat = { ...summoned, state: "pangkat", mediation_started_on: "2026-03-05", referred_on: "2026-03-20" };
    expect(printable(pangkat)).toEqual(["7", "8", "9", "10", "18", "19"]);
    const constituted = { ...pangkat, pangkat_constituted_on: "2026-03-21", pangkat_members: 3 };
    expect(printable(constituted)).toEqual(["7", "8", "9", "10", "11", "12", "13", "18", "19"]);
    const settled = { ...constituted, state: "settled", conciliation_started_on: "2026-03-23", settled_on: "2026-03-25" };
    expect(printable(settled)).toEqual(["7", "8", "9", "10", "11", "12", "13", "16", "17", "23"]);
    const executed = { ...settled, state: "executed", execution_moved_on: "2026-04-08", executed_on: "2026-04-10" };
    expect(printable(executed)).toEqual(["7", "8", "9", "10", "11", "12", "13", "16", "17", "23", "24", "25"]);
  });

  it("issues the certification the case's path calls for", () => {
    const afterPangkat = {
      state: "certified_file_action",
      summoned_on: "2026-03-03",
      referred_on: "2026-03-20",
      pangkat_constituted_on: "2026-03-21",
      conciliation_started_on: "2026-03-23",
      certified_on: "2026-04-06",
    };
    expect(printable(afterPangkat).filter((k) => k.startsWith("2"))).toEqual(["20", "20-a", "20-b"]);
    // Repudiated in mediation: the Pangkat never sat, so only 20 and 20-A (the repudiation) apply.
    const repudiated = {
      state: "certified_file_action",
      summoned_on: "2026-03-03",
      settled_on: "2026-03-06",
      repudiated_on: "2026-03-10",
      certified_on: "2026-03-12",
    };
    expect(printable(repudiated).filter((k) => k.startsWith("2"))).toEqual(["20", "20-a"]);
    // A repudiated settlement is not executed.
    expect(printable(repudiated)).not.toContain("23");
    const barred = { state: "certified_bar_action", summoned_on: "2026-03-03", certified_on: "2026-03-10" };
    expect(printable(barred)).toEqual(["7", "8", "9", "18", "19", "21"]);
    expect(printable({ ...CASE, state: "mediation", summoned_on: "2026-03-03", counterclaim_barred_on: "2026-03-09" })).toContain("22");
  });

  it("says why a form is not issued yet, naming the case and the form", () => {
    const nine = KP_FORMS.find((f) => f.key === "9")!;
    expect(kpFormRefusal(nine, CASE)).toBe(
      "Case 2026-007: the respondent has not been summoned, so KP Form No. 9 (Summons) is not issued yet.",
    );
  });
});

describe("the numbering", () => {
  it("keeps the 1992 numbers 1–25 with 20-A and 20-B, the later set shifted by up to two from 20-A on", () => {
    expect(KP_FORMS.map((f) => [f.number, f.later]).filter(([n, l]) => String(l) !== n)).toEqual([
      ["20-A", 21],
      ["20-B", 22],
      ["21", 23],
      ["22", 24],
      ["23", 25],
      ["24", 26],
      ["25", 27],
    ]);
  });
});

describe("the texts", () => {
  const empty: KpFormFacts = {
    barangay: { name: "Barangay San Isidro", municipality: "Municipality of Santa Maria", province: "Bulacan" },
    case: null,
    complainants: [],
    respondents: [],
    witnesses: [],
    movant: null,
    forum: "punong_barangay",
    officials: { punong_barangay: "", barangay_secretary: "", lupon_secretary: "", pangkat_chair: "", pangkat_secretary: "", pangkat: [] },
    lupon: [],
    member: null,
    today: "2026-03-02",
  };

  it("print every form in both languages with blanks where the records hold nothing, never 'null' or 'undefined'", () => {
    for (const texts of [KP_FORM_TEXT_EN, KP_FORM_TEXT_FIL])
      for (const def of KP_FORMS) {
        const text = kpBlocksText(texts.forms[def.key](empty));
        expect(text, def.key).not.toMatch(/\bnull\b|\bundefined\b|\bNaN\b|\[object/);
        expect(text.length, def.key).toBeGreaterThan(40);
      }
  });

  it("write the day of the month as the forms do in each language", () => {
    expect(["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-11", "2026-03-12", "2026-03-13", "2026-03-22"].map(enDayOf)).toEqual([
      "1st day of March, 2026",
      "2nd day of March, 2026",
      "3rd day of March, 2026",
      "11th day of March, 2026",
      "12th day of March, 2026",
      "13th day of March, 2026",
      "22nd day of March, 2026",
    ]);
    expect(filDayOf("2026-12-25")).toBe("ika-25 araw ng Disyembre, 2026");
    expect(KP_FORM_TEXT_FIL.municipality("Municipality of Santa Maria")).toBe("Bayan ng Santa Maria");
    expect(KP_FORM_TEXT_FIL.municipality("City of Malolos")).toBe("Lungsod ng Malolos");
  });
});
