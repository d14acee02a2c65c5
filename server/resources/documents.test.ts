import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/db.ts";
import { isVerificationCode, maskName, newVerificationCode, nextMonthlyNumber, qrSvg } from "./documents.ts";

// Shared parts of printed documents (DESIGN §5, §11).

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("nextMonthlyNumber", () => {
  it("counts from 0001 per series and month, and a rolled-back save gives its number back", async () => {
    const take = (series: string, date: string) => database.db.transaction().execute((trx) => nextMonthlyNumber({ db: trx }, series, date));
    expect(await take("voucher", "2026-11-05")).toBe("2026-11-0001");
    expect(await take("voucher", "2026-11-30")).toBe("2026-11-0002");
    expect(await take("voucher", "2026-12-01")).toBe("2026-12-0001");
    expect(await take("transaction", "2026-11-05")).toBe("2026-11-0001");
    await expect(
      database.db.transaction().execute(async (trx) => {
        await nextMonthlyNumber({ db: trx }, "voucher", "2026-11-07");
        throw new Error("save failed");
      }),
    ).rejects.toThrow("save failed");
    expect(await take("voucher", "2026-11-08")).toBe("2026-11-0003");
    await expect(nextMonthlyNumber({ db: database.db }, "voucher", "2026-11-08")).rejects.toThrow(/inside the document's transaction/);
  });

  it("gives 40 parallel saves 40 distinct consecutive numbers", async () => {
    const numbers = await Promise.all(
      Array.from({ length: 40 }, () =>
        database.db.transaction().execute((trx) => nextMonthlyNumber({ db: trx }, "parallel", "2027-01-15")),
      ),
    );
    expect(new Set(numbers).size).toBe(40);
    expect([...numbers].sort()).toEqual(Array.from({ length: 40 }, (_, i) => `2027-01-${String(i + 1).padStart(4, "0")}`));
  });
});

describe("verification codes, QR and masked names", () => {
  it("makes 26-character base32 codes that differ", () => {
    const codes = new Set(Array.from({ length: 200 }, () => newVerificationCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(isVerificationCode(code)).toBe(true);
    expect(isVerificationCode("12345")).toBe(false);
    expect(isVerificationCode("abcdefghijklmnopqrstuvwxyz")).toBe(false);
  });

  it("draws an SVG QR code and masks every word of a name", async () => {
    const svg = await qrSvg("https://portal.example/verify/collection/ABC");
    expect(svg).toMatch(/^<svg[^>]*viewBox/);
    expect(maskName("Juan Dela Cruz")).toBe("J*** D*** C***");
    expect(maskName("  ñora   santos ")).toBe("Ñ*** S***");
    expect(maskName(null)).toBe("");
  });
});
