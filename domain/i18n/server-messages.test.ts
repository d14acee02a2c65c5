import { afterEach, describe, expect, it } from "vitest";
import { calendarDate, requiredText } from "../registry/fields.ts";
import { deletedManyMessage, deletedMessage, MSG_SAVED } from "../registry/messages.ts";
import { translatedErrors, translatedMessage, translatedNotification, useFieldTerms } from "./server-messages.ts";

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
