import { describe, expect, it } from "vitest";
import { expectLabels } from "../../tests/helpers/labels.ts";
import { labelOf, type Label } from "../i18n/labels.ts";
import { overwriteGetLocale, baseLocale } from "../i18n/paraglide/runtime.js";
import { KP_COMMAND_FIELDS, KP_HEARING_KINDS, KP_STATE_LABELS, LUPON_POSITION_LABELS, PANGKAT_CHOICE_LABELS, PANGKAT_ROLE_LABELS } from "../registry/kp.ts";
import { KP_RULES, type KpRuleId } from "./deadlines.ts";
import {
  KP_CATEGORY_LABEL,
  KP_DATE_LABEL,
  KP_HEARING_LABEL,
  KP_PARTY_ROLE_LABEL,
  KP_RULE_LABEL,
  KP_STATE_LABEL,
  KP_STEP_FIELD_LABEL,
  KP_STEP_OPTION_LABEL,
  LUPON_POSITION_LABEL,
  PANGKAT_CHOICE_LABEL,
  PANGKAT_ROLE_LABEL,
  kpRuleLabel,
  kpStateLabel,
} from "./labels.ts";

// The KP case's words (domain/kp/labels.ts): the spec's English for an English reader, Filipino for
// a Filipino one. The loanwords the office keeps in Filipino (the procedure's own terms) are named.

describe("the KP case's labels", () => {
  it("name every state, rule, seat and choice as the registry's English does, and in Filipino", () => {
    expectLabels(KP_STATE_LABEL, KP_STATE_LABELS, ["certified_file_action", "certified_bar_action"]);
    expectLabels(KP_RULE_LABEL, Object.fromEntries(Object.values(KP_RULES).map((r) => [r.id, r.label])) as Record<KpRuleId, string>);
    expectLabels(PANGKAT_ROLE_LABEL, PANGKAT_ROLE_LABELS);
    expectLabels(PANGKAT_CHOICE_LABEL, PANGKAT_CHOICE_LABELS);
    expectLabels(LUPON_POSITION_LABEL, LUPON_POSITION_LABELS);
  });

  it("name the record's dates, hearings, categories and parties' roles", () => {
    expectLabels(KP_DATE_LABEL, {
      filed_on: "Filed",
      summoned_on: "Summoned",
      mediation_started_on: "Mediation began",
      referred_on: "Referred to the Pangkat",
      pangkat_constituted_on: "Pangkat constituted",
      conciliation_started_on: "Conciliation began",
      conciliation_extended_on: "Conciliation extended",
      arbitration_agreed_on: "Agreed to arbitrate",
      settled_on: "Settled",
      awarded_on: "Awarded",
      repudiated_on: "Repudiated",
      transmitted_on: "Transmitted to the court",
      execution_moved_on: "Execution moved",
      executed_on: "Executed",
      certified_on: "Certified",
      counterclaim_barred_on: "Counterclaim barred",
      closed_on: "Closed",
    });
    // The hearings keep the procedure's English names in Filipino too ("Mediation").
    expectLabels(
      KP_HEARING_LABEL,
      Object.fromEntries(KP_HEARING_KINDS.map((k) => [k, k[0].toUpperCase() + k.slice(1)])) as Record<(typeof KP_HEARING_KINDS)[number], string>,
      [...KP_HEARING_KINDS],
    );
    expectLabels(KP_CATEGORY_LABEL, { civil: "Civil", criminal: "Criminal" });
    expectLabels(KP_PARTY_ROLE_LABEL, { complainant: "complainant", respondent: "respondent", witness: "witness" });
  });

  it("read the current language when called, and leave a value they do not know as it is", () => {
    try {
      overwriteGetLocale(() => "fil");
      expect(kpStateLabel("settled")).toBe("Naayos");
      expect(kpRuleLabel("summons")).toBe("Patawag sa inirereklamo at abiso sa nagrereklamo");
      expect(labelOf(PANGKAT_ROLE_LABEL, "chair")).toBe("Tagapangulo ng Pangkat");
      expect(labelOf(PANGKAT_ROLE_LABEL, "observer")).toBe("observer");
      overwriteGetLocale(() => "en");
      expect(kpStateLabel("settled")).toBe("Settled");
    } finally {
      overwriteGetLocale(() => baseLocale);
    }
  });
});

describe("a step dialog's fields", () => {
  it("name every field the registry's steps ask besides the date, as the registry's English does, and in Filipino", () => {
    for (const f of Object.values(KP_COMMAND_FIELDS).flat()) {
      if (f.kind === "date") continue;
      const words = KP_STEP_FIELD_LABEL[f.name];
      expect(words, `${f.name} has its words`).toBeDefined();
      const [label, hint] = words;
      expect(label({}, { locale: "en" })).toBe(f.label);
      expect(label({}, { locale: "fil" })).not.toBe(f.label);
      if (f.description) {
        expect(hint?.({}, { locale: "en" }), `${f.name}'s hint`).toBe(f.description);
        expect(hint?.({}, { locale: "fil" })).not.toBe(f.description);
      }
    }
    expectLabels(KP_STEP_OPTION_LABEL.chosen_by as Record<"parties" | "lot", Label>, PANGKAT_CHOICE_LABELS);
  });
});
