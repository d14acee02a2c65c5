import { describe, expect, it } from "vitest";
import { expectLabels } from "../tests/helpers/labels.ts";
import { baseLocale, overwriteGetLocale } from "./i18n/paraglide/runtime.js";
import { PERMISSION_ACTION_LABEL, PERMISSION_ENTITY_LABEL } from "./labels-permissions.ts";
import { actionLabel, buildMatrix, entityLabel } from "./permission-matrix.ts";
import { ACTIONS, EXTRA_PERMISSIONS } from "./permissions.ts";

// The permission matrix's words (domain/labels-permissions.ts): an English reader keeps what the
// matrix always showed (the code, capitalized); a Filipino reader gets Filipino.

describe("the permission matrix's labels", () => {
  it("name every action and every entity outside the registry, in English as before and in Filipino", () => {
    const capitalized = (code: string) => code.charAt(0).toUpperCase() + code.slice(1);
    expectLabels(PERMISSION_ACTION_LABEL, Object.fromEntries([...ACTIONS, "export"].map((a) => [a, capitalized(a)])) as Record<keyof typeof PERMISSION_ACTION_LABEL, string>);
    const extra = [...new Set(EXTRA_PERMISSIONS.map((p) => p.slice(p.indexOf("-") + 1)))];
    expectLabels(
      PERMISSION_ENTITY_LABEL,
      Object.fromEntries(extra.map((e) => [e, entityLabel(e)])) as Record<keyof typeof PERMISSION_ENTITY_LABEL, string>,
      // The office's own loanwords.
      ["parameter", "blocklist", "remittance"],
    );
  });

  it("head the matrix's columns in the reader's language, an unknown action capitalized", () => {
    try {
      overwriteGetLocale(() => "fil");
      expect(buildMatrix([{ id: 1, name: "view-resident", description: null }]).actions.map(actionLabel)).toEqual([
        "Pamahalaan",
        "Tingnan",
        "Gumawa",
        "Baguhin",
        "Burahin",
        "Ibalik",
      ]);
      expect(actionLabel("approve")).toBe("Approve");
      overwriteGetLocale(() => "en");
      expect(actionLabel("view")).toBe("View");
    } finally {
      overwriteGetLocale(() => baseLocale);
    }
  });
});
