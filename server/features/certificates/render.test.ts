import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAuthUser } from "../../auth/sessions.ts";
import type { ServiceContext } from "../../context.ts";
import { serviceFor } from "../../engine/services.ts";
import { createTestDatabase, TEST_ADMIN, type TestDatabase } from "../../../tests/helpers/db.ts";
import { certificateDocument } from "./print-model.ts";
import { certificateValues, dateInWords, ordinal, renderTemplate, type CertificatePerson } from "./render.ts";
import { DEFAULT_BARANGAY } from "../../system/settings.ts";
import { sanitizeTemplate } from "./sanitize.ts";
import { SEED_TEMPLATES, seedCertificateTemplates } from "./templates.ts";

// Every seeded template rendered for a woman and a man whose every field carries
// markup; no placeholder is left and no markup of a value survives (DESIGN §11: every value
// escaped). Also the dates in words and the escaping of one value that looks like a placeholder.

const XSS = `<img src=x onerror=alert(1)><script>alert(1)</script>"'`;

let test: TestDatabase;
let ctx: ServiceContext;

beforeAll(async () => {
  test = await createTestDatabase({ seed: true });
  const admin = await test.db.selectFrom("users").select("id").where("username", "=", TEST_ADMIN.username).executeTakeFirstOrThrow();
  ctx = { db: test.db, user: await loadAuthUser(test.db, admin.id) };
  await seedCertificateTemplates(test.db);
  await seedCertificateTemplates(test.db); // idempotent
});
afterAll(async () => {
  await test?.close();
});

describe("dates in words", () => {
  it("print the day as an ordinal", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "31st",
    ]);
    expect(dateInWords("2026-11-22")).toBe("22nd day of November, 2026");
    expect(dateInWords("2026-07-07")).toBe("7th day of July, 2026");
  });
});

describe("rendering", () => {
  it("replaces chips and tokens once, escaping values", async () => {
    const html = await renderTemplate(
      `<p>A <span class="placeholder-chip" data-placeholder="user_fullname">{{user_fullname}}</span> {{ purpose }} {{user_age}}</p>`,
      {
        user_fullname: "{{user_age}}",
        purpose: "<b>x</b>",
        user_age: "30",
      },
    );
    expect(html).toBe("<p>A {{user_age}} &#60;b&#62;x&#60;/b&#62; 30</p>");
  });

  it("fills every seeded template for residents of both sexes, with every value inert", async () => {
    const purok = await test.db
      .insertInto("puroks")
      .values({ name: `Purok ${XSS}` })
      .returning("id")
      .executeTakeFirstOrThrow();
    const people: number[] = [];
    for (const sex of ["Female", "Male"] as const) {
      const { id } = await test.db
        .insertInto("users")
        .values({ kind: "resident", created_at: "2019-01-01T00:00:00Z" })
        .returning("id")
        .executeTakeFirstOrThrow();
      await test.db
        .insertInto("user_profiles")
        .values({
          user_id: id,
          firstname: `Ana${XSS}`,
          middlename: `Reyes${XSS}`,
          lastname: `Cruz${XSS}`,
          suffix: "Jr.",
          sex,
          date_of_birth: "2000-02-29",
          place_of_birth: `Malolos${XSS}`,
          civil_status: "Single",
          contact_number: "0917 123 4567",
          house_number: `12${XSS}`,
          street: `Mabini${XSS}`,
          purok_id: purok.id,
          mother_fullname: `Maria${XSS}`,
          father_fullname: `Jose${XSS}`,
          highest_educational_attended: `College${XSS}`,
        })
        .execute();
      people.push(id);
    }
    const types = await test.db.selectFrom("transaction_types").select(["id", "name", "custom_forms"]).execute();
    for (const seed of SEED_TEMPLATES) {
      const type = types.find((t) => t.name === seed.name)!;
      expect(type, seed.name).toBeDefined();
      for (const person of people) {
        const custom_values = Object.fromEntries(
          type.custom_forms.map((f) => [f.fieldId, f.type === "date" ? "2019-05-01" : `${f.label}${XSS}`]),
        );
        const created = await serviceFor("transaction").create(ctx, {
          transaction_type_id: type.id,
          issued_to_user_id: person,
          custom_values,
        });
        await test.db
          .updateTable("transactions")
          .set({ collection_id: 7001 })
          .where("id", "=", created.id)
          .where("amount", ">", "0")
          .execute();
        const doc = await certificateDocument(ctx, created.id, { count: false, origin: "https://portal.example" });
        const html = doc.bodyHtml;
        expect(html, `${seed.name}: no placeholder left`).not.toMatch(/\{\{|\}\}|data-placeholder/);
        expect(html, `${seed.name}: no markup of a value`).not.toMatch(/<script|<img|<[^>]*onerror|"'/);
        expect(html).toContain("&#60;script&#62;");
        expect(html).toContain("2026".slice(0, 2)); // a year is printed
        const female = person === people[0];
        if (seed.template.includes("{{her/his}}")) {
          expect(html).toMatch(female ? /\bher\b/ : /\bhis\b/);
          expect(html).not.toMatch(female ? /\bhis\b/ : /\bher\b/);
        }
        if (seed.template.includes("{{user_age}}")) expect(html).toMatch(/\d+ years/);
        expect(html).toContain(dateInWords(created.date_issued as string));
        expect(doc.qrSvg).toMatch(/^<svg/);
        expect(doc.verifyUrl).toMatch(/^https:\/\/portal\.example\/verify\/transaction\/[0-9A-HJKMNP-TV-Z]{10}$/);
      }
    }
  });

  it("names the officials in office on the issue date (decision 194)", async () => {
    const person = { kind: "resident", firstname: "Ana", sex: "Female" } as CertificatePerson;
    const facts = { reference_number: "2026-11-0001", date_issued: "2026-11-22", valid_until: null, custom_values: {} };
    const officials = {
      punong_barangay: "Hon. Ricardo M. Bautista",
      secretary: "Jocelyn R. Mendoza",
      treasurer: "Rosario S. Villanueva",
      appropriations_chairman: "",
      bookkeeper: "",
      accountant: "",
    };
    const values = certificateValues(person, facts, DEFAULT_BARANGAY, officials);
    expect(values).toMatchObject({
      punong_barangay: "Hon. Ricardo M. Bautista",
      barangay_secretary: "Jocelyn R. Mendoza",
      barangay_treasurer: "Rosario S. Villanueva",
    });
    // Without officials recorded the line stays empty rather than naming anyone.
    expect(certificateValues(person, facts, DEFAULT_BARANGAY).punong_barangay).toBe("");
    for (const seed of SEED_TEMPLATES) expect(seed.template, seed.name).toContain("{{punong_barangay}}");
  });

  it("keeps the seeded templates stable under the sanitiser", async () => {
    for (const seed of SEED_TEMPLATES) {
      const once = await sanitizeTemplate(seed.template);
      expect(await sanitizeTemplate(once)).toBe(once);
      expect(once).toContain("text-transform:uppercase");
    }
  });
});
