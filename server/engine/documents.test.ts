import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/db.ts";
import {
  formatVerificationCode,
  isVerificationCode,
  maskName,
  newVerificationCode,
  nextMonthlyNumber,
  normalizeVerificationCode,
  qrSvg,
} from "./documents.ts";

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
  it("makes 10-character codes a person can type: no I, L, O or U, all different", () => {
    const codes = new Set(Array.from({ length: 200 }, () => newVerificationCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
      expect(isVerificationCode(code)).toBe(true);
    }
    expect(isVerificationCode("12345")).toBe(false);
    expect(isVerificationCode("abcdefghijklmnopqrstuvwxyz")).toBe(false);
  });

  it("reads a typed code with or without spaces and dashes, O as 0 and I or L as 1; older 26-character codes still verify", () => {
    expect(formatVerificationCode("7KQ2M9XD4T")).toBe("7KQ2M-9XD4T");
    expect(normalizeVerificationCode("7kq2m-9xd4t")).toBe("7KQ2M9XD4T");
    expect(normalizeVerificationCode(" 7KQ2M 9XD4T ")).toBe("7KQ2M9XD4T");
    expect(normalizeVerificationCode("O1IL2-3456A")).toBe("01112-3456A".replace("-", ""));
    expect(normalizeVerificationCode("7KQ2M-9XD4")).toBeNull();
    expect(normalizeVerificationCode("7KQ2M-9XD4U")).toBeNull();
    const legacy = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    expect(normalizeVerificationCode(legacy.toLowerCase())).toBe(legacy);
    expect(formatVerificationCode(legacy)).toBe("ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ");
    expect(normalizeVerificationCode("42")).toBeNull();
  });

  it("draws an SVG QR code and masks every word of a name", async () => {
    const svg = await qrSvg("https://portal.example/verify/collection/ABC");
    expect(svg).toMatch(/^<svg[^>]*viewBox/);
    expect(maskName("Juan Dela Cruz")).toBe("J*** D*** C***");
    expect(maskName("  ñora   santos ")).toBe("Ñ*** S***");
    expect(maskName(null)).toBe("");
  });
});
