import { describe, expect, it } from "vitest";
import { getResource } from "@domain/registry/index";
import { formDefaults } from "./defaults";

// An edit form starts from the record's child rows: a form pad edited and saved kept no collector,
// and a collection type's fee schedule came up empty.

describe("the edit form's defaults", () => {
  it("carry the record's child rows, as text the fields show", () => {
    const pad = formDefaults(getResource("form_pad"), "update", {
      id: 1,
      pad_code: "OR-1",
      collectors: [{ user_id: 5, user: { id: 5, fullname: "Tess Cruz" } }, { user_id: 9 }],
    });
    expect(pad.collectors).toEqual([{ user_id: "5" }, { user_id: "9" }]);
    const type = formDefaults(getResource("collection_type"), "update", {
      id: 2,
      name: "Business Clearance Fee",
      fees: [{ nature: "Garbage fee", account_code: "4-02-01-990", amount: null }],
    });
    expect(type.fees).toEqual([{ nature: "Garbage fee", account_code: "4-02-01-990", amount: undefined }]);
  });

  it("start a new record without rows", () => {
    expect(formDefaults(getResource("form_pad"), "create", null).collectors).toBeUndefined();
  });

  it("tick a yes/no flag the record holds, and leave a false one unticked", () => {
    const kpCase = formDefaults(getResource("kp_case"), "update", { id: 3, government_party: false, barangays_adjoin: true });
    expect(kpCase.barangays_adjoin).toBe("on");
    expect(kpCase.government_party).toBeUndefined();
  });
});
