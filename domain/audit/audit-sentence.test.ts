import { describe, expect, it } from "vitest";
import { auditPredicate, auditSentence, subjectText } from "./audit-sentence";

describe("auditSentence", () => {
  it("names the actor, what they did and the record as people know it", () => {
    expect(auditSentence({ who: "Tess Cruz", action: "cancel", subject: { label: "official receipt", name: "0400003" } })).toBe(
      "Tess Cruz cancelled official receipt 0400003",
    );
    expect(auditSentence({ who: "Ana Reyes", action: "update", subject: { label: "resident", name: "Juan Dela Cruz" } })).toBe(
      "Ana Reyes changed resident Juan Dela Cruz",
    );
    expect(auditSentence({ who: "Ana Reyes", action: "reprint", subject: { label: "transaction", name: "TR-2026-0001" } })).toBe(
      "Ana Reyes printed transaction TR-2026-0001 again",
    );
  });

  it("says 'System' for the portal's own changes and words the actor's own account", () => {
    expect(auditSentence({ who: null, action: "void", subject: { label: "cheque", name: "0001001" } })).toBe(
      "System voided cheque 0001001",
    );
    expect(auditSentence({ who: "Tess Cruz", action: "login", subject: { label: "user", name: "Tess Cruz", self: true } })).toBe(
      "Tess Cruz signed in",
    );
    expect(auditPredicate({ action: "update", subject: { label: "user", name: "Tess Cruz", self: true } })).toBe(
      "changed their own account",
    );
  });

  it("falls back to the entry's label with its article, never an internal id", () => {
    expect(subjectText({ label: "official receipt", name: null })).toBe("an official receipt");
    expect(subjectText({ label: "role", name: null })).toBe("a role");
    expect(subjectText(null)).toBe("a record");
    expect(auditPredicate({ action: "undo_remit", subject: { label: "remittance", name: "RCD-1" } })).toBe("undo remit remittance RCD-1");
  });
});
