import { afterEach, describe, expect, it } from "vitest";
import { calendarDate, requiredText } from "../registry/fields.ts";
import { deletedManyMessage, deletedMessage, MSG_SAVED, nothingToActOnMessage } from "../registry/messages.ts";
import { translatedErrors, translatedMessage, translatedNotification, useFieldTerms } from "./server-messages.ts";
import { localizedDate } from "./message-patterns.ts";
import { SETUP_MESSAGES } from "../setup.ts";
import { KP_STEP_RULES } from "../registry/kp.ts";
import { importTextIn } from "../resident-import/reasons.ts";
import { termIn } from "./terms.ts";

// The server's English messages read back in Filipino at the edge (issue 33 item 4): recognised by
// the English patterns of messages/en/server.json, rendered with the same parameters; English and
// unknown texts unchanged.
describe("translatedMessage", () => {
  afterEach(() => useFieldTerms(null));

  it("leaves English exactly as it is", () => {
    expect(translatedMessage("The last name field is required.", "en")).toBe("The last name field is required.");
    expect(translatedMessage("Successfully saved.", "en")).toBe("Successfully saved.");
  });

  it("recognises a message with parameters and renders it with the same ones", () => {
    expect(translatedMessage("The last name field is required.", "fil")).toBe("Kailangan ang apelyido.");
    expect(translatedMessage("The remarks must not be greater than 255 characters.", "fil")).toBe(
      "Hanggang 255 karakter lang ang remarks.",
    );
    expect(translatedMessage("The date of birth must not be in the future.", "fil")).toBe(
      "Hindi maaaring petsa sa hinaharap ang petsa ng kapanganakan.",
    );
    expect(translatedMessage("The username has already been taken.", "fil")).toBe("Ginagamit na ang username na ito.");
    expect(translatedMessage("Too many login attempts. Please try again in 42 seconds.", "fil")).toBe(
      "Masyadong maraming pagtatangkang mag-sign in. Subukang muli pagkalipas ng 42 segundo.",
    );
  });

  it("passes an unknown message through unchanged", () => {
    expect(translatedMessage("A message nobody catalogued.", "fil")).toBe("A message nobody catalogued.");
    expect(translatedMessage("", "fil")).toBe("");
  });

  it("takes the most specific message: a count and a noun before a name", () => {
    expect(translatedMessage("Successfully deleted 3 residents.", "fil")).toBe("Matagumpay na nabura ang 3 residente.");
    expect(translatedMessage("Successfully deleted Juan Dela Cruz Jr.", "fil")).toBe("Matagumpay na nabura ang Juan Dela Cruz Jr.");
    expect(translatedMessage("The password must be at least 8 characters.", "fil")).toBe("Dapat hindi bababa sa 8 karakter ang password.");
  });

  it("reads the messages the services and schemas make", () => {
    const def = { labels: { singular: "resident", plural: "residents", title: "Residents" } };
    expect(translatedMessage(MSG_SAVED, "fil")).toBe("Matagumpay na na-save.");
    expect(translatedMessage(deletedMessage({}, "Juan Dela Cruz"), "fil")).toBe("Matagumpay na nabura ang Juan Dela Cruz.");
    expect(translatedMessage(deletedManyMessage(def, 2), "fil")).toBe("Matagumpay na nabura ang 2 residente.");
    const name = requiredText("lastname").safeParse("");
    expect(translatedMessage(name.error!.issues[0].message, "fil")).toBe("Kailangan ang apelyido.");
    const date = calendarDate("date_of_birth", { notInFuture: true }).safeParse("2026-02-30");
    expect(translatedMessage(date.error!.issues[0].message, "fil")).toBe("Hindi wastong petsa ang petsa ng kapanganakan.");
  });

  it("translates a message inside a message: the 422's summary of several errors", () => {
    // server/errors.ts ValidationError's message and errors.
    const error = {
      message: "The last name field is required. (and 1 more error)",
      errors: { lastname: ["The last name field is required."], sex: ["The selected sex is invalid."] },
    };
    expect(translatedMessage(error.message, "fil")).toBe("Kailangan ang apelyido. (at 1 pang mali)");
    expect(translatedMessage("The last name field is required. (and 2 more errors)", "fil")).toBe(
      "Kailangan ang apelyido. (at 2 pang mali)",
    );
    expect(translatedErrors(error.errors, "fil")).toEqual({
      lastname: ["Kailangan ang apelyido."],
      sex: ["Hindi wasto ang napiling kasarian."],
    });
    expect(translatedErrors(error.errors, "en")).toBe(error.errors);
  });

  it("names a field through the registry's terms, and keeps the English name of one without a term", () => {
    expect(translatedMessage("The household head field is required.", "fil")).toBe("Kailangan ang puno ng sambahayan.");
    expect(translatedMessage("The frobnicator field is required.", "fil")).toBe("Kailangan ang frobnicator.");
    useFieldTerms((english, locale) => (locale === "fil" && english === "last name" ? "apelyido (iba)" : null));
    expect(translatedMessage("The last name field is required.", "fil")).toBe("Kailangan ang apelyido (iba).");
    expect(translatedMessage("The middle name field is required.", "fil")).toBe("Kailangan ang middle name.");
  });

  it("reads notifications only with the notifications' messages", () => {
    expect(translatedNotification("Receipt 0001234 cancelled", "fil")).toBe("Kinansela ang resibo 0001234");
    expect(translatedNotification("Ana Reyes blocked juan: left the office", "fil")).toBe("Na-block ni Ana Reyes si juan: left the office");
    expect(translatedNotification("Ana Reyes voided the cheque to BDO (₱1,500.00).", "fil")).toBe(
      "Na-void ni Ana Reyes ang tseke para kay BDO (₱1,500.00).",
    );
    expect(translatedNotification("Receipt 0001234 cancelled", "en")).toBe("Receipt 0001234 cancelled");
    // An error that happens to end like a notification's title is not one.
    expect(translatedMessage("BC-2026-0001 paid", "fil")).toBe("BC-2026-0001 paid");
  });
});

describe("the services' own messages (issue 33 item 4 leftovers)", () => {
  it("the first-run checklist's messages, with the barangay's name kept", () => {
    expect(translatedMessage(SETUP_MESSAGES.psgcFormat, "fil")).toBe("Dapat 10 digit ang PSGC code.");
    expect(translatedMessage(SETUP_MESSAGES.identitySaved("San Isidro, Calbayog"), "fil")).toBe(
      "Matagumpay na na-save ang pagkakakilanlan ng barangay: San Isidro, Calbayog.",
    );
    expect(translatedMessage(SETUP_MESSAGES.marked, "en")).toBe(SETUP_MESSAGES.marked);
  });

  it("a slot's rule with its dates written again in Filipino, the time and an ISO date as they are", () => {
    const english = "The 09:00 slot on Saturday, November 28, 2026 is full; the next free one is Monday, November 30, 2026 at 10:00.";
    expect(translatedMessage(english, "fil")).toBe(
      "Puno na ang 09:00 sa Sabado, Nobyembre 28, 2026; ang susunod na bakante ay Lunes, Nobyembre 30, 2026 nang 10:00.",
    );
    expect(translatedMessage(english, "en")).toBe(english);
    expect(translatedMessage("Booked 2026-11-28 at 09:00.", "fil")).toBe("Naka-book sa 2026-11-28 nang 09:00.");
  });

  it("a date inside a notification is the recipient's language too", () => {
    expect(translatedNotification("Summons falls due today, November 28, 2026 (RA 7160 §410(a)).", "fil")).toBe(
      "Takdang araw ngayon ng Summons, Nobyembre 28, 2026 (RA 7160 §410(a)).",
    );
    expect(localizedDate("Nov 28, 2026", "fil")).toBe("Nob 28, 2026");
    expect(localizedDate("Nov 28, 2026", "en")).toBe("Nov 28, 2026");
    expect(localizedDate("between Nov 28 and Dec 1", "fil")).toBe("between Nov 28 and Dec 1");
  });

  it("a KP step refused in another state: the law's rule inside, translated in turn", () => {
    expect(translatedMessage(`Case 2026-11-001 is settled: ${KP_STEP_RULES.summon}`, "fil")).toBe(
      "Kaso 2026-11-001 (naayos): Isang beses lang inilalabas ang patawag, sa susunod na araw ng trabaho matapos ihain ang reklamo (§410(a)).",
    );
  });

  it("the engine's refusal to delete some of a selection, the count kept and the noun a term", () => {
    const reasons = ["A resident is listed twice in this household.", "A role is listed twice."];
    expect(translatedMessage(`Nothing was deleted: 2 of the 3 residents selected cannot be. ${reasons.join(" ")}`, "fil")).toBe(
      "Walang nabura: hindi mabubura ang 2 sa 3 residente na napili. Dalawang beses nakalista ang isang residente sa sambahayang ito. Dalawang beses nakalista ang isang role.",
    );
  });

  it("a command with nothing to reverse: the record's name a term, its number kept", () => {
    expect(translatedMessage("collection #12 has no void to reverse.", "fil")).toBe(
      `Walang pag-void sa ${termIn("collection", "fil")} #12 na mababawi.`,
    );
    expect(termIn("collection", "fil")).not.toBe("collection");
    expect(translatedMessage("collection #12 has no void to reverse.", "en")).toBe("collection #12 has no void to reverse.");
    expect(translatedMessage("RCD 2026-11-003 has no remit to reverse.", "fil")).toBe("Walang remittance ng RCD 2026-11-003 na mababawi.");
  });

  it("a record in a state that is neither trashed nor restored: its name and state terms", () => {
    expect(translatedMessage("Form number #5 is issued; only available ones can be deleted or restored.", "fil")).toBe(
      `${termIn("Form number", "fil")} #5: naibigay na; ang mga magagamit lang ang maaaring burahin o ibalik.`,
    );
    expect(translatedMessage("Form number #5 is issued; only available ones can be deleted or restored.", "en")).toBe(
      "Form number #5 is issued; only available ones can be deleted or restored.",
    );
    // An entry's set of states without a sentence of its own: the general one, never a 500.
    expect(translatedMessage("Form number #5 is void; only issued ones can be deleted or restored.", "fil")).toBe(
      `${termIn("Form number", "fil")} #5: void na; ang mga issued lang ang maaaring burahin o ibalik.`,
    );
  });

  it("a command refused in the record's state: the command as on its button, the state a term", () => {
    const english = "REQ-2026-0001 is refused; it cannot be approved.";
    expect(translatedMessage(english, "en")).toBe(english);
    expect(translatedMessage(english, "fil")).toBe(
      `Hindi na magagawa ang “${termIn("Approve", "fil")}” sa REQ-2026-0001: ${termIn("refused", "fil")} na ito.`,
    );
    expect(translatedMessage("Case 2026-11-001 is settled; it cannot be cancelled.", "fil")).toBe(
      `Hindi na magagawa ang “${termIn("Cancel", "fil")}” sa Case 2026-11-001: ${termIn("settled", "fil")} na ito.`,
    );
    expect(translatedMessage("Cheque 1001 is void; it cannot be voided.", "fil")).toBe(
      "Hindi na magagawa ang “Void” sa Cheque 1001: void na ito.",
    );
  });

  it("a bulk delete or restore with nothing to act on: one sentence per act and number, the noun a term", () => {
    const one = nothingToActOnMessage({ labels: { singular: "collection", plural: "collections", title: "" } }, [7], true);
    expect(one).toBe("Nothing was deleted: collection #7 is not found or already deleted.");
    expect(translatedMessage(one, "en")).toBe(one);
    expect(translatedMessage(one, "fil")).toBe(`Walang nabura: hindi makita o nabura na ang ${termIn("collection", "fil")} #7.`);
    const many = nothingToActOnMessage(
      { labels: { singular: "collection", plural: "collections", title: "" }, voidWording: true },
      [7, 8],
      false,
    );
    expect(many).toBe("Nothing was unvoided: collections #7, #8 are not found or not void.");
    expect(translatedMessage(many, "fil")).toBe(`Walang na-unvoid: hindi makita o hindi void ang ${termIn("collections", "fil")} #7, #8.`);
  });

  it("zod's own English, where a schema gives no message of its own", async () => {
    const { z } = await import("zod");
    const schema = z.object({ a: z.string(), b: z.string().max(5), c: z.enum(["x", "y"]), d: z.number().min(1) });
    const issues = schema.safeParse({ b: "toolong", c: "z", d: 0 }).error!.issues.map((issue) => issue.message);
    expect(issues.map((text) => translatedMessage(text, "fil"))).toEqual([
      "Hindi wasto ang input: string ang inaasahan, undefined ang natanggap",
      "Masyadong mahaba: hanggang 5 karakter lang",
      'Hindi wastong pagpipilian: isa sa "x"|"y" ang inaasahan',
      "Masyadong maliit: dapat hindi bababa sa 1",
    ]);
    expect(issues.map((text) => translatedMessage(text, "en"))).toEqual(issues);
  });

  it("the resident import's reasons and a likely duplicate's reason, part by part", () => {
    expect(importTextIn('Purok "Uno" is not in the list of puroks.', "fil")).toBe('Wala sa listahan ng mga purok ang purok na "Uno".');
    expect(importTextIn("same surname, same first name, same birth date as row 4 of this file", "fil")).toBe(
      "parehong apelyido, parehong pangalan, parehong petsa ng kapanganakan gaya ng row 4 ng file na ito",
    );
    expect(
      importTextIn(
        "surname differs, same middle name (maiden name?), same first name, birth day and month swapped as resident #12 Ana Cruz",
        "fil",
      ),
    ).toBe(
      "ibang apelyido, parehong gitnang pangalan (apelyido noong dalaga?), parehong pangalan, nagkapalit ang araw at buwan ng kapanganakan gaya ng residente #12 Ana Cruz",
    );
    const english = "same surname, same first name, same birth date as row 4 of this file";
    expect(importTextIn(english, "en")).toBe(english);
  });
});

describe("the browser's form validation in the reader's language", () => {
  it("reads a Conform submission's field messages, in place, and leaves English as it is", async () => {
    const { parseWithZod } = await import("@conform-to/zod/v4");
    const { z } = await import("zod");
    const { validatedInLanguage, translatedFieldMessage } = await import("./field-messages.ts");
    const schema = z.object({ lastname: requiredText("lastname"), remarks: requiredText("remarks", 10) });
    const form = () => {
      const data = new FormData();
      data.set("remarks", "x".repeat(11));
      return parseWithZod(data, { schema });
    };
    const english = form();
    const errors = (english as { error?: unknown }).error;
    expect((validatedInLanguage(english) as { error?: unknown }).error).toBe(errors);
    const filipino = validatedInLanguage(form(), "fil");
    expect((filipino as { error?: unknown }).error).toEqual({
      lastname: ["Kailangan ang apelyido."],
      remarks: ["Hanggang 10 karakter lang ang remarks."],
    });
    expect(translatedFieldMessage("The last name field is required.", "fil")).toBe("Kailangan ang apelyido.");
    expect(translatedFieldMessage("Successfully saved.", "fil")).toBe("Successfully saved.");
  });
});
