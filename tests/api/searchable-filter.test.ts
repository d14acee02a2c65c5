import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES, findResource } from "../../domain/registry/index.ts";
import { resourceLoader } from "../../server/http/pages/resource-page.server.ts";
import { insertResidents } from "../helpers/people.ts";
import { createUser, startTestServer, type TestServer } from "../helpers/server.ts";
import { pageContext } from "../helpers/page-context.ts";

// A reference filter to residents is chosen by name (the transactions list's "Issued to"): the
// list page's loader never sends every resident as the filter's choices — only the chosen one's
// name and, after the no-script step's "type a name, Apply" (`find[key]` in the address), the
// residents found. The registry declares every such filter searchable.

let server: TestServer;
let residentIds: number[];

type LoaderData = {
  options: Record<string, { value: string; label: string }[]>;
  filterSearch: Record<string, { query: string; found: number }>;
};

async function load(path: string): Promise<LoaderData> {
  const context = await pageContext(server.db, 1, "searchable-filter-test");
  const url = new URL(`http://portal.test${path}`);
  const result = await resourceLoader({ request: new Request(url), context, url });
  return result.data as unknown as LoaderData;
}

beforeAll(async () => {
  server = await startTestServer();
  residentIds = await insertResidents(server.db, [
    { firstname: "Juan", lastname: "Dela Cruz" },
    { firstname: "Maria", lastname: "Santos" },
    { firstname: "Mario", lastname: "Santos" },
    ...Array.from({ length: 30 }, (_, i) => ({ firstname: `Person${i}`, lastname: "Reyes" })),
  ]);
});

afterAll(async () => {
  await server?.close();
});

describe("the transactions list's Issued to filter", () => {
  it("is declared searchable, as is every reference filter to residents", () => {
    const filter = findResource("transaction")!.filters!.find((f) => f.key === "issued_to_user_id");
    expect(filter).toMatchObject({ kind: "reference", resource: "resident", search: "resident" });
    for (const def of RESOURCES)
      for (const f of def.filters ?? [])
        if (f.kind === "reference" && f.resource === "resident") expect(f.search, `${def.name}.${f.key}`).toBe("resident");
  });

  it("sends no residents as choices when none is chosen", async () => {
    const data = await load("/manage/transactions");
    expect(data.options["filter:issued_to_user_id"]).toEqual([]);
    // The other reference filters keep their selects.
    expect(data.options["filter:transaction_type_id"]).toBeDefined();
    expect(data.filterSearch).toEqual({});
  });

  it("sends only the chosen resident, by name", async () => {
    const data = await load(`/manage/transactions?filter[issued_to_user_id]=${residentIds[0]}`);
    expect(data.options["filter:issued_to_user_id"]).toEqual([{ value: String(residentIds[0]), label: "Juan Dela Cruz" }]);
  });

  it("lists the residents matching the name typed without JavaScript, the chosen one first", async () => {
    const data = await load(`/manage/transactions?filter[issued_to_user_id]=${residentIds[0]}&find[issued_to_user_id]=santos`);
    const choices = data.options["filter:issued_to_user_id"];
    expect(choices[0]).toEqual({ value: String(residentIds[0]), label: "Juan Dela Cruz" });
    expect(
      choices
        .slice(1)
        .map((c) => c.value)
        .sort(),
    ).toEqual([String(residentIds[1]), String(residentIds[2])].sort());
    expect(choices.slice(1).every((c) => /Santos/.test(c.label))).toBe(true);
    expect(data.filterSearch).toEqual({ issued_to_user_id: { query: "santos", found: 2 } });
    const none = await load("/manage/transactions?find[issued_to_user_id]=zzzzqx");
    expect(none.filterSearch).toEqual({ issued_to_user_id: { query: "zzzzqx", found: 0 } });
  });
});

describe("the collections list's Collector filter (issue 26 item 10)", () => {
  it("lists only collectors: staff on a pad or who issued a receipt, not every user", async () => {
    const collector = await createUser(server.db, { username: "filter-collector", firstname: "Cora", lastname: "Lector" });
    await createUser(server.db, { username: "filter-clerk", firstname: "Clara", lastname: "Clerk" });
    const formType = await server.db.insertInto("form_types").values({ name: "AF 51 filter" }).returning("id").executeTakeFirstOrThrow();
    const pad = await server.db
      .insertInto("form_pads")
      .values({
        form_type_id: formType.id,
        pad_code: "OR-FILTER",
        series_start: "0000001",
        series_end: "0000002",
        serial_from: 1,
        serial_to: 2,
        serial_width: 7,
        suffix: "",
        quanty_generated: 2,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await server.db.insertInto("form_pad_collectors").values({ form_pad_id: pad.id, position: 0, user_id: collector.id }).execute();
    const choices = (await load("/manage/collections")).options["filter:collector_id"].map((o) => o.label);
    expect(choices).toContain("Cora Lector");
    expect(choices).not.toContain("Clara Clerk");
  });
});
