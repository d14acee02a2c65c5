import { describe, expect, it } from "vitest";
import { inLanguage } from "../../http/locale.ts";
import { permissionEntityLabel } from "./permission-words.ts";

// The matrix's rows in the reader's language: the matrix's own English for an English reader, the
// registry's term (or domain/labels-permissions.ts) for a Filipino one.

describe("a permission's entity in words", () => {
  it("keeps the matrix's English for an English reader", () => {
    const english = inLanguage("en", () => ["bank", "disaster_prone_area", "kp_case", "personal_data"].map(permissionEntityLabel));
    expect(english).toEqual(["Bank", "Disaster prone area", "Kp case", "Personal data"]);
  });

  it("names the entry by its term, capitalized, for a Filipino reader; an unknown entity as the code says", () => {
    const filipino = inLanguage("fil", () => ["bank", "disaster_prone_area", "kp_case", "personal_data", "no_such_thing"].map(permissionEntityLabel));
    expect(filipino).toEqual(["Bangko", "Lugar na madaling tamaan ng sakuna", "Kaso sa KP", "Personal na datos", "No such thing"]);
  });
});
