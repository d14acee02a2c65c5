import { describe, it } from "vitest";
import { expectLabels } from "../../tests/helpers/labels.ts";
import { IMPORT_FIELD_LABEL } from "./labels.ts";
import { IMPORT_FIELD_LABELS } from "./rbi.ts";

// The import's columns (domain/resident-import/labels.ts): the spec's English word for word, and
// Filipino; the suffix's and the purok's names read the same in both.

describe("the resident import's column labels", () => {
  it("name every field as IMPORT_FIELD_LABELS does, and in Filipino", () => {
    expectLabels(IMPORT_FIELD_LABEL, IMPORT_FIELD_LABELS, ["suffix", "purok"]);
  });
});
