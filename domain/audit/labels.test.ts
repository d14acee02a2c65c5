import { describe, expect, it } from "vitest";
import { expectLabels } from "../../tests/helpers/labels.ts";
import { baseLocale, overwriteGetLocale } from "../i18n/paraglide/runtime.js";
import { actorName, auditPredicate, auditSentence, subjectText } from "./audit-sentence.ts";
import { AUDIT_PHRASE, AUDIT_SELF_PHRASE, HISTORY_ACCOUNT_ACTION_LABEL, HISTORY_ACTION_LABEL } from "./labels.ts";

// The audit trail's words (domain/audit/labels.ts): the English the activity feeds and histories
// have always said, word for word, and Filipino for a Filipino reader.

const PHRASES: Record<keyof typeof AUDIT_PHRASE, string> = {
  create: "created {s}",
  update: "changed {s}",
  delete: "deleted {s}",
  void: "voided {s}",
  unvoid: "unvoided {s}",
  cancel: "cancelled {s}",
  restore: "restored {s}",
  photo: "changed the photo of {s}",
  update_photo: "changed the photo of {s}",
  reset_password: "reset the password of {s}",
  print: "printed {s}",
  reprint: "printed {s} again",
  paid: "recorded the payment of {s}",
  unpaid: "removed the payment of {s}",
  issue: "issued {s}",
  remit: "remitted {s}",
  export: "exported {s}",
  view: "viewed {s}",
  anonymise: "anonymised {s}",
  purge: "purged {s}",
  correction_request: "asked for a correction of {s}",
  block: "blocked {s}",
  unblock: "removed {s} from the blocklist",
  sign_out_session: "signed out a session of {s}",
};

describe("the audit trail's labels", () => {
  it("word each action on a record as before in English, and in Filipino", () => {
    for (const [action, english] of Object.entries(PHRASES)) {
      const phrase = AUDIT_PHRASE[action as keyof typeof AUDIT_PHRASE];
      expect(phrase({ s: "{s}" }, { locale: "en" }), action).toBe(english);
      const fil = phrase({ s: "X" }, { locale: "fil" });
      expect(fil, `${action} in Filipino names the record`).toContain("X");
      expect(fil, `${action} in Filipino`).not.toBe(english.replace("{s}", "X"));
    }
  });

  it("word the actor's own actions and a history's actions", () => {
    expectLabels(AUDIT_SELF_PHRASE, {
      login: "signed in",
      logout: "signed out",
      update_password: "changed their password",
      update_account: "changed their account",
      update_identity: "changed their name",
      update_notifications: "changed their notification settings",
      update_language: "changed their language",
      sign_out_others: "signed out their other sessions",
    });
    expectLabels(HISTORY_ACTION_LABEL, {
      create: "Created",
      update: "Changed",
      delete: "Deleted",
      void: "Voided",
      unvoid: "Unvoided",
      cancel: "Cancelled",
      restore: "Restored",
      photo: "Changed the photo",
      reset_password: "Reset the password",
      print: "Printed",
      reprint: "Printed again",
      paid: "Paid",
      unpaid: "Payment removed",
      remit: "Remitted",
      login: "Signed in",
      logout: "Signed out",
    });
    // An account's own changes: the words of their codes in English, as a user's history has shown them.
    expectLabels(HISTORY_ACCOUNT_ACTION_LABEL, {
      update_account: "Update account",
      update_identity: "Update identity",
      update_language: "Update language",
      update_password: "Update password",
      update_notifications: "Update notifications",
      update_photo: "Update photo",
      sign_out_others: "Sign out others",
      sign_out_session: "Sign out session",
    });
  });

  it("give a Filipino reader the sentence in Filipino", () => {
    try {
      overwriteGetLocale(() => "fil");
      expect(auditSentence({ who: "Tess Cruz", action: "cancel", subject: { label: "resibo", name: "0400003" } })).toBe(
        "Tess Cruz nag-cancel ng resibo 0400003",
      );
      expect(subjectText({ label: "tungkulin", name: null })).toBe("isang tungkulin");
      expect(subjectText(null)).toBe("isang record");
      expect(auditPredicate({ action: "login", subject: null })).toBe("nag-sign in");
      expect(auditPredicate({ action: "update", subject: { label: "user", name: "Tess Cruz", self: true } })).toBe("nag-edit ng sariling account");
      expect(actorName(null)).toBe("Sistema");
      // A registry command is named by its label's term, not its code ("file").
      const filed = { who: "Tess Cruz", action: "file", subject: { label: "kaso sa KP", name: "2026-001", command: "Ihain" } };
      expect(auditSentence(filed)).toBe("Tess Cruz nagtala ng “Ihain” sa kaso sa KP 2026-001");
      expect(auditSentence({ ...filed, action: "import", subject: { label: "residente", name: null } })).toBe(
        "Tess Cruz nagtala ng “import” sa isang residente",
      );
      overwriteGetLocale(() => "en");
      // English says the code in words, as it always has.
      expect(auditSentence({ ...filed, subject: { label: "KP case", name: "2026-001", command: "File" } })).toBe("Tess Cruz file KP case 2026-001");
    } finally {
      overwriteGetLocale(() => baseLocale);
    }
  });
});
