import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAuthUser } from "../../auth/sessions.ts";
import type { ServiceContext } from "../../context.ts";
import { createUser, startTestServer, type TestServer } from "../../../tests/helpers/server.ts";
import { seedParameters } from "../../seed-parameters.ts";
import { seedDisbursements } from "./seed.ts";
import { seedOfficials } from "../officials/seed.ts";
import { serviceFor } from "../../engine/services.ts";
import { chequeForPrint, chequeTestPrint, pchcDate, pchcFigures, pchcWords, voucherForPrint } from "./print.server.ts";

// Print models of disbursements: the PCHC cheque values (research notes §6), the DV's data (§4), the
// view- gate of spec §6, and the seeded month printing as it should.

describe("PCHC cheque values", () => {
  it("date MM-DD-YYYY with dashes, figures without ₱ or symbols, words between asterisks", () => {
    expect(pchcDate("2026-11-06")).toEqual({ month: "11", day: "06", year: "2026", text: "11-06-2026" });
    expect(pchcFigures("100000.00")).toBe("100,000.00");
    expect(pchcFigures("1500.5")).toBe("1,500.50");
    expect(pchcWords("100000.00")).toBe("***One Hundred Thousand Pesos Only***");
    expect(pchcWords("1500.50")).toBe("***One Thousand Five Hundred Pesos And 50/100 Only***");
  });
});

describe("print models on the seeded month", () => {
  let server: TestServer;
  let admin: ServiceContext;
  let nobody: ServiceContext;
  beforeAll(async () => {
    server = await startTestServer();
    // The demo parameters (banks, accounts, types), then the month as the demo seed makes it.
    await server.db.transaction().execute(async (trx) => {
      await seedParameters(trx);
      await seedDisbursements(trx);
      await seedOfficials(trx);
    });
    const a = await server.db.selectFrom("users").select("id").where("username", "=", server.admin.username).executeTakeFirstOrThrow();
    admin = { db: server.db, user: await loadAuthUser(server.db, a.id) };
    const n = await createUser(server.db, { username: "dv-nobody", permissions: ["manage-parameter"] });
    nobody = { db: server.db, user: await loadAuthUser(server.db, n.id) };
  });
  afterAll(async () => {
    await server?.close();
  });

  it("seeds a book, vouchers, cheques, one voided with its cascade, one voided and written again, and a spoiled leaf", async () => {
    const states = await server.db.selectFrom("cheque_numbers").select(["state"]).execute();
    const count = (s: string) => states.filter((r) => r.state === s).length;
    expect(states).toHaveLength(50);
    expect(count("issued")).toBe(6);
    expect(count("void")).toBe(4);
    const cheques = await server.db.selectFrom("cheque_issuances").select(["state"]).execute();
    expect(cheques.filter((c) => c.state === "void")).toHaveLength(3);
  });

  it("the voucher prints its lines, the amount in words, the officials and its live cheques", async () => {
    const dv = await server.db.selectFrom("disbursements").select("id").where("payee", "=", "Reyes Hardware").executeTakeFirstOrThrow();
    const model = await voucherForPrint(admin, dv.id);
    expect(model.voucher.amount).toBe("13250.00");
    expect(model.amountInWords).toBe("Thirteen Thousand Two Hundred Fifty Pesos Only");
    expect(model.voucher.lines).toHaveLength(2);
    expect(model.officials.treasurer).toBe("Rosario S. Villanueva");
    expect(model.cheques.filter((c) => c.status === "Active")).toHaveLength(1);
    await expect(voucherForPrint(nobody, dv.id)).rejects.toMatchObject({ init: { status: 403 } });
  });

  it("a live cheque prints on its account with the saved offsets; a void one has a page with nothing to print", async () => {
    const live = await server.db
      .selectFrom("cheque_issuances")
      .select("id")
      .where("state", "=", "issued")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const model = await chequeForPrint(admin, live.id);
    expect(model.face?.words).toMatch(/^\*\*\*.+ Only\*\*\*$/);
    expect(model.face?.figures).not.toMatch(/[₱*]/);
    await serviceFor("bank_account").setChequeOffsets(admin, model.account.id, { x: "1.5", y: "-2" });
    expect((await chequeTestPrint(admin, model.account.id)).account).toMatchObject({ offset_x: 1.5, offset_y: -2 });
    await expect(serviceFor("bank_account").setChequeOffsets(admin, model.account.id, { x: "90", y: "0" })).rejects.toMatchObject({
      status: 422,
    });
    const voided = await server.db.selectFrom("cheque_issuances").select("id").where("state", "=", "void").executeTakeFirstOrThrow();
    // A void cheque's page says so and has nothing to print on the bank's form.
    const notPrinted = await chequeForPrint(admin, voided.id);
    expect(notPrinted.face).toBeNull();
    expect(notPrinted.cheque).toMatchObject({ status: "Void" });
    await expect(chequeForPrint(nobody, live.id)).rejects.toMatchObject({ init: { status: 403 } });
  });
});
