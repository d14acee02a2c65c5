import { describe, expect, it } from "vitest";
import { acceptedLanguage } from "./locale.ts";

// A visitor's language (issue 33 item 4, docs/decisions/219): the first of ours the browser asks
// for, by its q-values; Tagalog's code counts as Filipino; none of ours: the barangay decides.
describe("acceptedLanguage", () => {
  it("reads Filipino, and Tagalog as Filipino", () => {
    expect(acceptedLanguage("fil-PH,fil;q=0.9,en;q=0.8")).toBe("fil");
    expect(acceptedLanguage("tl")).toBe("fil");
  });

  it("takes the higher q-value first, then the order written", () => {
    expect(acceptedLanguage("en;q=0.5, fil;q=0.9")).toBe("fil");
    expect(acceptedLanguage("en-US,en;q=0.9,fil;q=0.8")).toBe("en");
    expect(acceptedLanguage("ja, fil;q=0.3, en;q=0.3")).toBe("fil");
  });

  it("leaves the choice to the barangay when the browser names neither language, or refuses one", () => {
    expect(acceptedLanguage(undefined)).toBeNull();
    expect(acceptedLanguage("")).toBeNull();
    expect(acceptedLanguage("ja, ko")).toBeNull();
    expect(acceptedLanguage("fil;q=0")).toBeNull();
  });
});
