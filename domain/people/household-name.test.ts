import { describe, expect, it } from "vitest";
import { householdName, householdRole } from "./household-name";

describe("a household reads as its head's name (issue 26 item 10)", () => {
  it("names the head, never the household's number", () => {
    expect(householdName({ id: 150, fullname: "Juan Dela Cruz" })).toBe("Household of Juan Dela Cruz");
    expect(householdName("Maria Santos")).toBe("Household of Maria Santos");
    expect(householdName(null)).not.toMatch(/#|\d/);
  });
  it("says a member's relation to the head by name", () => {
    expect(householdRole("Head", { fullname: "Juan Dela Cruz" })).toBe("Household head");
    expect(householdRole("Son", { fullname: "Juan Dela Cruz" })).toBe("Son in the household of Juan Dela Cruz");
    expect(householdRole("Son", null)).toBe("Son in a household");
  });
});
