import { expect } from "vitest";
import type { Label } from "../../domain/i18n/labels.ts";

// What every labels module (domain/**/labels*.ts) owes (issue 33 item 4): each value of the domain
// has its label; an English reader gets exactly the English the domain's map has always said (the
// spec's, which the tests and the server's messages quote); a Filipino reader gets Filipino —
// non-empty, and other than the English unless the word is the same in both (`same`: a loanword
// the office keeps, like "Appointment").

export function expectLabels<K extends string>(
  labels: Readonly<Record<K, Label>>,
  english: Readonly<Record<K, string>>,
  same: readonly string[] = [],
): void {
  expect(Object.keys(labels).sort(), "a label for every value").toEqual(Object.keys(english).sort());
  for (const value of Object.keys(english) as K[]) {
    const en = labels[value]({}, { locale: "en" });
    const fil = labels[value]({}, { locale: "fil" });
    expect(en, `${value} in English`).toBe(english[value]);
    expect(fil.trim(), `${value} in Filipino`).not.toBe("");
    if (!same.includes(value)) expect(fil, `${value} in Filipino is not its English`).not.toBe(en);
  }
}
