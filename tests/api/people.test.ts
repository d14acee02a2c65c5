import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// The REST contract of issue 4 beyond the generated registry tests (tests/api/resources.test.ts):
// resident search on the resident path, the duplicate warning, photos, households and their
// check call, disaster-prone areas and theirs, businesses, counts, and the 422s of bad input.

let server: TestServer;
let admin: ApiClient;
let purok1: number;
let purok2: number;
let religion: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  purok1 = (await admin.post("/backend/api/purok", { name: "Purok Mabini" })).body.data.id;
  purok2 = (await admin.post("/backend/api/purok", { name: "Purok Rizal" })).body.data.id;
  religion = (await admin.post("/backend/api/religion", { name: "Roman Catholic" })).body.data.id;
});

afterAll(async () => {
  await server?.close();
});

let seq = 0;
function residentBody(overrides: Record<string, unknown> = {}, profile: Record<string, unknown> = {}) {
  seq++;
  return {
    ...overrides,
    user_profile: {
      lastname: "Dela Cruz",
      firstname: `Juan${"abcdefghijklmnopqrstuvwxyz"[seq % 26]}${seq}`,
      middlename: "Santos",
      sex: "Male",
      date_of_birth: "1985-06-12",
      civil_status: "Married",
      purok_id: purok1,
      religion_id: religion,
      contact_number: "0917-123-4567",
      house_number: "12",
      street: "Mabini St.",
      is_voter: true,
      precinct_number: "0123A",
      ...profile,
    },
  };
}

/** POSTs raw bytes (the ApiClient sends JSON) with the client's cookies and XSRF header. */
async function upload(client: ApiClient, path: string, body: Uint8Array | FormData, type?: string) {
  const headers: Record<string, string> = {
    "X-XSRF-TOKEN": client.cookies.get("XSRF-TOKEN") ?? "",
    Cookie: [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; "),
    Accept: "application/json",
  };
  if (type) headers["Content-Type"] = type;
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    body: body instanceof FormData ? body : new Uint8Array(body),
    headers,
  });
  return { status: res.status, body: await res.json() };
}

async function newResident(profile: Record<string, unknown> = {}): Promise<{ id: number; name: string }> {
  const res = await admin.post("/backend/api/resident", residentBody({}, profile));
  expect(res.status, res.text).toBe(201);
  return { id: res.body.data.id, name: res.body.data.name };
}

describe("residents", () => {
  it("stores the RBI fields under user_profile and reads them back with zone, address and age", async () => {
    const res = await admin.post(
      "/backend/api/resident",
      residentBody({}, { firstname: "Lola", lastname: "Basyang", date_of_birth: "1950-01-01", sex: "Female", civil_status: "Widowed" }),
    );
    expect(res.status, res.text).toBe(201);
    const row = res.body.data;
    expect(row.zone).toBe("Purok Mabini");
    expect(row.user_profile).toMatchObject({
      firstname: "Lola",
      lastname: "Basyang",
      sex: "Female",
      date_of_birth: "1950-01-01",
      civil_status: "Widowed",
      contact_number: "09171234567",
      contact_number_joint: "09171234567",
      complete_address: "12 Mabini St., Purok Mabini",
      religion: "Roman Catholic",
      is_voter: true,
      is_senior: true,
      citizenship: "Filipino",
      image: "/default_avatar.png",
    });
    expect(row.user_profile.hex_color).toMatch(/^#[0-9a-f]{6}$/);
    const list = await admin.get("/backend/api/resident?per_page=100&search=Basyang");
    expect(list.body.meta.total).toBe(1);
    expect(list.body.data[0]).toMatchObject({ name: "Lola Santos Basyang", zone: "Purok Mabini", status: "Active" });
  });

  it("refuses a future birth date, a bad mobile number and a bad SSS number with clear 422s", async () => {
    const future = await admin.post("/backend/api/resident", residentBody({}, { date_of_birth: "2999-01-01" }));
    expect(future.status).toBe(422);
    expect(future.body.errors["user_profile.date_of_birth"]).toEqual(["The date of birth must not be in the future."]);
    const impossible = await admin.post("/backend/api/resident", residentBody({}, { date_of_birth: "2001-02-30" }));
    expect(impossible.body.errors["user_profile.date_of_birth"]?.[0]).toMatch(/valid date/);
    const phone = await admin.post("/backend/api/resident", residentBody({}, { contact_number: "12345" }));
    expect(phone.status).toBe(422);
    expect(phone.body.errors["user_profile.contact_number"][0]).toMatch(/Philippine mobile number/);
    const sss = await admin.post("/backend/api/resident", residentBody({}, { sss_number: "12" }));
    expect(sss.body.errors["user_profile.sss_number"][0]).toMatch(/10 digits/);
    const sex = await admin.post("/backend/api/resident", residentBody({}, { sex: "X" }));
    expect(sex.body.errors["user_profile.sex"]).toEqual(["The selected sex is invalid."]);
    const purok = await admin.post("/backend/api/resident", residentBody({}, { purok_id: 999999 }));
    expect(purok.body.errors["user_profile.purok_id"]).toEqual(["The selected purok is invalid."]);
  });

  it("warns of a duplicate (same name and birth date) and saves it only when confirmed", async () => {
    const profile = { firstname: "Niño", lastname: "Villanueva", date_of_birth: "1990-10-10" };
    const first = await admin.post("/backend/api/resident", residentBody({}, profile));
    expect(first.status).toBe(201);
    const again = await admin.post("/backend/api/resident", residentBody({}, { ...profile, firstname: "NINO", lastname: "villanueva" }));
    expect(again.status).toBe(422);
    expect(again.body.errors.duplicate[0]).toContain(`resident #${first.body.data.id}`);
    const confirmed = await admin.post("/backend/api/resident", residentBody({ confirm_duplicate: true }, profile));
    expect(confirmed.status).toBe(201);
    const dupes = await admin.get(
      `/trpc/resident.duplicates?input=${encodeURIComponent(JSON.stringify({ firstname: "nino", lastname: "VILLANUEVA", date_of_birth: "1990-10-10" }))}`,
    );
    expect(dupes.body.result.data.map((d: { id: number }) => d.id)).toContain(first.body.data.id);
  });

  it("GET resident?search= answers the search results, and with list parameters the paginated list", async () => {
    const target = await newResident({ firstname: "Perpetua", lastname: "Ñañez", contact_number: null });
    const trashed = await newResident({ firstname: "Perpetua", lastname: "Nanez Trashed" });
    await admin.delete(`/backend/api/user/${trashed.id}`);

    const search = await admin.get("/backend/api/resident?search=perpetua%20nanez");
    expect(search.status).toBe(200);
    expect(search.body).not.toHaveProperty("meta");
    expect(search.body.data.map((r: { id: number }) => r.id)).toEqual([target.id]);
    expect(search.body.data[0]).toEqual({
      id: target.id,
      user_profile: expect.objectContaining({
        image: "/default_avatar.png",
        firstname: "Perpetua",
        fullname_with_middle: "Perpetua Santos Ñañez",
        contact_number_joint: "N/A",
        complete_address: "12 Mabini St., Purok Mabini",
      }),
    });

    const list = await admin.get("/backend/api/resident?search=perpetua&page=1");
    expect(list.body.meta.total).toBe(2); // the list shows active and trashed together (spec §4)

    const trpc = await admin.get(`/trpc/resident.search?input=${encodeURIComponent(JSON.stringify({ search: "ñañez perpetua" }))}`);
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.data[0].id).toBe(target.id);

    const empty = await admin.get("/backend/api/resident?search=");
    expect(empty.body).toEqual({ data: [] });
  });

  it("needs manage-resident or view-resident to search", async () => {
    const clerk = await createUser(server.db, { username: "no-people", permissions: ["manage-parameter"] });
    const client = await signedIn(server, clerk);
    expect((await client.get("/backend/api/resident?search=juan")).status).toBe(403);
    const viewer = await createUser(server.db, { username: "viewer-people", roles: ["Viewer"] });
    expect((await (await signedIn(server, viewer)).get("/backend/api/resident?search=juan")).status).toBe(200);
  });

  it("takes a photo (JPEG, PNG or WebP up to 5 MB), stores it resized and refuses anything else", async () => {
    const { id } = await newResident({ firstname: "Fotografia" });
    const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#eab308" } })
      .png()
      .toBuffer();
    const ok = await upload(admin, `/backend/api/resident/${id}/photo`, png, "image/png");
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.image).toMatch(new RegExp(`^/photos/resident/${id}\\.webp\\?v=`));
    const stored = await server.db.selectFrom("resident_photos").selectAll().where("user_id", "=", id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ mime: "image/webp", width: 512, height: 512 });
    const read = await admin.get(`/backend/api/resident/${id}`);
    expect(read.body.data.user_profile.image).toBe(ok.body.data.image);

    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(await sharp(png).jpeg().toBuffer())], { type: "image/jpeg" }), "me.jpg");
    expect((await upload(admin, `/backend/api/resident/${id}/photo`, form)).status).toBe(200);

    const text = await upload(
      admin,
      `/backend/api/resident/${id}/photo`,
      new TextEncoder().encode("just text, not a picture"),
      "image/png",
    );
    expect(text.status).toBe(422);
    expect(text.body.errors.photo[0]).toMatch(/JPEG, PNG or WebP/);
    const gif = new Uint8Array(Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "binary"));
    expect((await upload(admin, `/backend/api/resident/${id}/photo`, gif, "image/gif")).status).toBe(422);
    const huge = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 300 * 1024)]);
    const big = await upload(admin, `/backend/api/resident/${id}/photo`, huge, "image/png");
    expect(big.status).toBe(422);
    expect(big.body.errors.photo).toEqual(["The photo may not be greater than 5 MB."]);
    const justOver = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10 - png.length)]);
    expect((await upload(admin, `/backend/api/resident/${id}/photo`, justOver, "image/png")).body.errors.photo).toEqual([
      "The photo may not be greater than 5 MB.",
    ]);
    const viewer = await createUser(server.db, { username: "viewer-photo", roles: ["Viewer"] });
    expect((await upload(await signedIn(server, viewer), `/backend/api/resident/${id}/photo`, png, "image/png")).status).toBe(403);

    const removed = await admin.delete(`/backend/api/resident/${id}/photo`);
    expect(removed.status).toBe(200);
    expect((await admin.get(`/backend/api/resident/${id}`)).body.data.user_profile.image).toBe("/default_avatar.png");
  });

  it("counts residents with an optional query", async () => {
    const res = await admin.get("/backend/api/resident/count?search=Basyang");
    expect(res.body).toEqual({ data: 1 });
  });
});

describe("households", () => {
  it("creates a household with members, reads members_count and coordinates, and filters by purok_id", async () => {
    const head = await newResident({ firstname: "Ramon", lastname: "Bautista" });
    const wife = await newResident({ firstname: "Liza", lastname: "Bautista", sex: "Female" });
    const son = await newResident({ firstname: "Paolo", lastname: "Bautista", date_of_birth: "2010-04-01", civil_status: "Single" });
    const check = await admin.post("/backend/api/household/check_household", {
      household_head_user_id: head.id,
      members: [{ user_id: wife.id }, { user_id: son.id }],
    });
    expect(check.status, check.text).toBe(200);
    const res = await admin.post("/backend/api/household", {
      household_head_user_id: head.id,
      purok_id: purok2,
      address: "45 Rizal St.",
      latitude: 14.8191234,
      longitude: 120.9612345,
      members: [
        { user_id: wife.id, relation_to_head: "Spouse" },
        { user_id: son.id, relation_to_head: "Son" },
      ],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      members_count: 3,
      coordinates: "14.819123, 120.961235",
      latitude: 14.819123,
      purok: { id: purok2, name: "Purok Rizal" },
      household_head: { id: head.id, fullname: "Ramon Santos Bautista" },
      name: "Household of Ramon Santos Bautista",
    });
    expect(res.body.data.members.map((m: { relation_to_head: string }) => m.relation_to_head)).toEqual(["Spouse", "Son"]);

    const filtered = await admin.get(`/backend/api/household?purok_id=${purok2}`);
    expect(filtered.status).toBe(200);
    expect(filtered.body.data.map((h: { id: number }) => h.id)).toContain(res.body.data.id);
    expect(filtered.body.data.every((h: { purok: { id: number } }) => h.purok.id === purok2)).toBe(true);
    const other = await admin.get(`/backend/api/household?purok_id=${purok1}`);
    expect(other.body.data.map((h: { id: number }) => h.id)).not.toContain(res.body.data.id);
    expect((await admin.get(`/backend/api/household/count?purok_id=${purok2}`)).body.data).toBe(filtered.body.meta.total);
    expect((await admin.get(`/backend/api/household?search=Bautista`)).body.data[0].id).toBe(res.body.data.id);
    // The generic list's reference filter (issue 9 item 4): the same on index_trashed and with filter[…].
    const trashedView = await admin.get(`/backend/api/household/index_trashed?purok_id=${purok1}`);
    expect(trashedView.body.data.map((h: { id: number }) => h.id)).not.toContain(res.body.data.id);
    expect((await admin.get(`/backend/api/household?filter[purok_id]=${purok2}`)).body.meta.total).toBe(filtered.body.meta.total);
  });

  it("check_household and create refuse a head or member of another active household, naming it", async () => {
    const head = await newResident({ firstname: "Andres", lastname: "Bonifacio" });
    const member = await newResident({ firstname: "Gregoria", lastname: "De Jesus", sex: "Female" });
    const first = await admin.post("/backend/api/household", {
      household_head_user_id: head.id,
      purok_id: purok1,
      address: "Sitio Balintawak",
      members: [{ user_id: member.id, relation_to_head: "Spouse" }],
    });
    expect(first.status).toBe(201);

    const other = await newResident({ firstname: "Emilio", lastname: "Jacinto" });
    const check = await admin.post("/backend/api/household/check_household", {
      household_head_user_id: other.id,
      members: [{ user_id: member.id }],
    });
    expect(check.status).toBe(422);
    expect(check.body.errors["members.0.user_id"][0]).toBe(
      `Gregoria Santos De Jesus already belongs to the household of Andres Santos Bonifacio (Purok Mabini).`,
    );

    const dupHead = await admin.post("/backend/api/household", { household_head_user_id: head.id, purok_id: purok1, address: "Elsewhere" });
    expect(dupHead.status).toBe(422);
    expect(dupHead.body.errors.household_head_user_id[0]).toMatch(/already heads another household/);

    const selfMember = await admin.post("/backend/api/household", {
      household_head_user_id: other.id,
      purok_id: purok1,
      address: "x",
      members: [{ user_id: other.id, relation_to_head: "Son" }],
    });
    expect(selfMember.body.errors["members.0.user_id"]).toEqual(["The household head is already in the household."]);

    // The same household may keep its own people on update.
    const update = await admin.put(`/backend/api/household/${first.body.data.id}`, {
      household_head_user_id: head.id,
      purok_id: purok1,
      address: "Sitio Balintawak, near the chapel",
      members: [{ user_id: member.id, relation_to_head: "Spouse" }],
    });
    expect(update.status, update.text).toBe(200);
    expect(
      (await admin.post("/backend/api/household/check_household", { id: first.body.data.id, household_head_user_id: head.id })).status,
    ).toBe(200);

    // Deleting the household frees its people; restoring it after one joined another is refused.
    expect((await admin.post("/backend/api/household/multiple_delete_household", { ids: [first.body.data.id] })).body.data).toBe(1);
    const second = await admin.post("/backend/api/household", {
      household_head_user_id: other.id,
      purok_id: purok1,
      address: "Sitio Pugad Lawin",
      members: [{ user_id: member.id, relation_to_head: "Other relative" }],
    });
    expect(second.status, second.text).toBe(201);
    const restore = await admin.post("/backend/api/household/restore", { id: first.body.data.id });
    expect(restore.status).toBe(422);
    expect(restore.body.message).toMatch(
      /cannot be restored: Gregoria Santos De Jesus already belongs to the household of Emilio Santos Jacinto/,
    );
    const restoreMany = await admin.post("/backend/api/household/multiple_restore_household", { ids: [first.body.data.id] });
    expect(restoreMany.status).toBe(422);
  });

  it("refuses impossible coordinates, half a pair, a non-resident head and a head who is in the trash", async () => {
    const head = await newResident({ firstname: "Apolinario", lastname: "Mabini" });
    const base = { household_head_user_id: head.id, purok_id: purok1, address: "Tanauan" };
    const far = await admin.post("/backend/api/household", { ...base, latitude: 35.68, longitude: 139.69 });
    expect(far.status).toBe(422);
    expect(far.body.errors.latitude[0]).toMatch(/between 4.5 and 21.5 \(within the Philippines\)/);
    expect(far.body.errors.longitude[0]).toMatch(/between 116 and 127/);
    const half = await admin.post("/backend/api/household", { ...base, latitude: 14.8 });
    expect(half.body.errors.longitude).toEqual(["Give both the latitude and the longitude, or neither."]);
    const text = await admin.post("/backend/api/household", { ...base, latitude: "north", longitude: "east" });
    expect(text.status).toBe(422);
    const staff = await createUser(server.db, { username: "staff-head" });
    const notResident = await admin.post("/backend/api/household", { ...base, household_head_user_id: staff.id });
    expect(notResident.body.errors.household_head_user_id).toEqual(["The selected household head is not a registered resident."]);
    const gone = await newResident({ firstname: "Trashed", lastname: "Person" });
    await admin.delete(`/backend/api/user/${gone.id}`);
    const trashedHead = await admin.post("/backend/api/household", { ...base, household_head_user_id: gone.id });
    expect(trashedHead.status).toBe(422);
  });

  it("will not delete a resident who heads an active household", async () => {
    const head = await newResident({ firstname: "Melchora", lastname: "Aquino", sex: "Female" });
    const h = await admin.post("/backend/api/household", { household_head_user_id: head.id, purok_id: purok1, address: "Banlat" });
    expect(h.status).toBe(201);
    const del = await admin.delete(`/backend/api/user/${head.id}`);
    expect(del.status).toBe(422);
    expect(del.body.message).toMatch(/Melchora Santos Aquino heads a household \(Purok Mabini\)/);
    expect((await admin.post("/backend/api/user/multiple_delete_user", [{ id: head.id }])).status).toBe(422);
  });

  it("a bulk delete that heads block names every one of them and deletes nothing (issue 16 item 5)", async () => {
    const first = await newResident({ firstname: "Gabriela", lastname: "Silang", sex: "Female" });
    const second = await newResident({ firstname: "Diego", lastname: "Silang" });
    const free = await newResident({ firstname: "Free", lastname: "Resident" });
    for (const head of [first, second])
      expect(
        (await admin.post("/backend/api/household", { household_head_user_id: head.id, purok_id: purok2, address: "Vigan" })).status,
      ).toBe(201);
    const del = await admin.post("/backend/api/user/multiple_delete_user", [{ id: first.id }, { id: free.id }, { id: second.id }]);
    expect(del.status).toBe(422);
    expect(del.body.message).toMatch(/^Nothing was deleted: 2 of the 3 residents selected cannot be\./);
    expect(del.body.errors.ids).toHaveLength(2);
    expect(del.body.errors.ids[0]).toMatch(/^Gabriela Santos Silang heads a household \(Purok Rizal\)/);
    expect(del.body.errors.ids[1]).toMatch(/^Diego Santos Silang heads a household \(Purok Rizal\)/);
    expect(del.body.message).toContain(del.body.errors.ids[1]);
    // The free resident was not deleted either: the delete is one transaction.
    expect((await admin.get(`/backend/api/resident/${free.id}`)).body.data.status).toBe("Active");
  });

  it("needs create- or update-household for the check", async () => {
    const viewer = await createUser(server.db, { username: "viewer-household", roles: ["Viewer"] });
    const client = await signedIn(server, viewer);
    expect((await client.post("/backend/api/household/check_household", { household_head_user_id: 1 })).status).toBe(403);
  });
});

describe("disaster-prone areas", () => {
  it("check_disaster_prone_area answers 200 for a free purok and 422 with the existing entry otherwise", async () => {
    const purok = (await admin.post("/backend/api/purok", { name: "Purok Ilog" })).body.data.id;
    const free = await admin.post("/backend/api/disaster_prone_area/check_disaster_prone_area", { purok_id: purok });
    expect(free.status).toBe(200);
    const created = await admin.post("/backend/api/disaster_prone_area", {
      purok_id: purok,
      disaster_types: ["Flood", "Storm surge", "Flood"],
      affected_area: "Riverside houses",
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({
      disaster_types: ["Flood", "Storm surge"],
      purok: { id: purok, name: "Purok Ilog" },
      name: "Purok Ilog",
    });

    const check = await admin.post("/backend/api/disaster_prone_area/check_disaster_prone_area", { purok_id: purok });
    expect(check.status).toBe(422);
    expect(check.body.message).toBe("Purok Ilog is already listed as disaster-prone (Flood, Storm surge). Edit that entry instead.");
    expect(check.body.data).toMatchObject({
      id: created.body.data.id,
      purok: { name: "Purok Ilog" },
      disaster_types: ["Flood", "Storm surge"],
    });
    expect(
      (await admin.post("/backend/api/disaster_prone_area/check_disaster_prone_area", { purok_id: purok, id: created.body.data.id }))
        .status,
    ).toBe(200);

    const second = await admin.post("/backend/api/disaster_prone_area", {
      purok_id: purok,
      disaster_types: ["Fire"],
      affected_area: "Market",
    });
    expect(second.status).toBe(422);
    expect(second.body.errors.purok_id[0]).toMatch(/already listed/);

    const trpc = await admin.post("/trpc/disasterProneArea.check", { purok_id: purok });
    expect(trpc.body.result.data).toMatchObject({ available: false, existing: { id: created.body.data.id } });

    // Trash it, list the purok again, then restoring the first is refused.
    expect(
      (await admin.post("/backend/api/disaster_prone_area/multiple_delete_disaster_prone_area", { ids: [created.body.data.id] })).body.data,
    ).toBe(1);
    const again = await admin.post("/backend/api/disaster_prone_area", {
      purok_id: purok,
      disaster_types: ["Fire"],
      affected_area: "Market",
    });
    expect(again.status).toBe(201);
    const restore = await admin.post("/backend/api/disaster_prone_area/restore", { id: created.body.data.id });
    expect(restore.status).toBe(422);
    expect(restore.body.message).toMatch(/cannot be restored: Purok Ilog is already listed/);
    expect(
      (await admin.post("/backend/api/disaster_prone_area/multiple_restore_disaster_prone_area", { ids: [created.body.data.id] })).status,
    ).toBe(422);
  });

  it("refuses unknown or missing disaster types", async () => {
    const purok = (await admin.post("/backend/api/purok", { name: "Purok Bundok" })).body.data.id;
    const none = await admin.post("/backend/api/disaster_prone_area", { purok_id: purok, disaster_types: [], affected_area: "Hillside" });
    expect(none.body.errors.disaster_types).toEqual(["The disaster types field is required."]);
    const bad = await admin.post("/backend/api/disaster_prone_area", {
      purok_id: purok,
      disaster_types: ["Tsunami"],
      affected_area: "Hillside",
    });
    expect(bad.status).toBe(422);
  });
});

describe("businesses", () => {
  it("lists at GET /business with the owner's profile and counts", async () => {
    const owner = await newResident({ firstname: "Aling", lastname: "Nena" });
    const line = (await admin.post("/backend/api/business_line", { name: "Sari-sari Store" })).body.data.id;
    const created = await admin.post("/backend/api/business", {
      name: "Nena's Store",
      owner_user_id: owner.id,
      business_line_id: line,
      location: "Purok Mabini corner",
      date_acquired: "2019-05-01",
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({
      name: "Nena's Store",
      business_line: { id: line, name: "Sari-sari Store" },
      owner: { id: owner.id, fullname: "Aling Santos Nena", user_profile: { firstname: "Aling" } },
      date_acquired: "2019-05-01",
    });
    const list = await admin.get("/backend/api/business?search=Nena");
    expect(list.body.data.map((b: { id: number }) => b.id)).toContain(created.body.data.id);
    expect((await admin.get("/backend/api/business/count?search=Nena")).body).toEqual({ data: 1 });
  });

  it("refuses an owner who is not a resident and a future acquisition date", async () => {
    const line = (await admin.post("/backend/api/business_line", { name: "Bakery" })).body.data.id;
    const staff = await createUser(server.db, { username: "staff-owner" });
    const res = await admin.post("/backend/api/business", {
      name: "Panaderya",
      owner_user_id: staff.id,
      business_line_id: line,
      location: "Plaza",
    });
    expect(res.body.errors.owner_user_id).toEqual(["The owner must be a registered resident."]);
    const owner = await newResident({ firstname: "Mang", lastname: "Pandoy" });
    const future = await admin.post("/backend/api/business", {
      name: "Panaderya",
      owner_user_id: owner.id,
      business_line_id: line,
      location: "Plaza",
      date_acquired: "2999-01-01",
    });
    expect(future.body.errors.date_acquired).toEqual(["The date acquired must not be in the future."]);
  });
});
