import { sql } from "kysely";
import { can } from "../../../domain/permissions.ts";
import { PHOTO_MAX_BYTES } from "../../../domain/registry/people.ts";
import { isCalendarDate } from "../../../domain/registry/fields.ts";
import type { CivilStatus, Sex } from "../../../db/schema.ts";
import type { ServiceContext } from "../../context.ts";
import { AppError, forbidden, notFound, ValidationError } from "../../errors.ts";
import { generatePassword, hashPassword } from "../../auth/passwords.ts";
import { audit } from "../../engine/audit.ts";
import { fullNameOf, personJson } from "../../engine/people-sql.ts";

// Resident rules beyond the engine: the duplicate warning, photos, the reset of a
// resident's sign-in password, and the resident page's household.

/** A resident's profile as the engine answers it (residentProfileJson in people-sql.ts). */
export interface ResidentProfileJson {
  firstname: string;
  middlename: string | null;
  lastname: string | null;
  suffix: string | null;
  fullname: string | null;
  fullname_with_middle: string | null;
  image: string;
  hex_color: string | null;
  sex: Sex | null;
  /** "YYYY-MM-DD" */
  date_of_birth: string | null;
  age: number | null;
  is_senior: boolean;
  place_of_birth: string | null;
  civil_status: CivilStatus | null;
  citizenship: string | null;
  religion_id: number | null;
  religion: string | null;
  occupation_id: number | null;
  occupation: string | null;
  contact_number: string | null;
  contact_number_joint: string;
  house_number: string | null;
  street: string | null;
  purok_id: number | null;
  purok: string | null;
  complete_address: string | null;
  highest_educational_attended: string | null;
  mother_fullname: string | null;
  father_fullname: string | null;
  sss_number: string | null;
  sss_membership_date: string | null;
  sss_retirement_date: string | null;
  sss_job: string | null;
  is_voter: boolean;
  precinct_number: string | null;
  is_pwd: boolean;
  is_solo_parent: boolean;
  is_4ps: boolean;
  is_ofw: boolean;
  is_indigenous: boolean;
}

/**
 * A resident as the engine answers it (a user entry, server/engine/engine.ts, with the hooks of
 * server/features/people/hooks.ts). The engine reads any entry and so answers untyped rows; pages
 * that show one resident read it as this. A type, not an interface: comparable with those rows.
 */
export type ResidentRecord = {
  id: number;
  username: string | null;
  email: string | null;
  name: string | null;
  status: string;
  zone: string | null;
  user_profile: ResidentProfileJson;
  blocked_at: Date | null;
  last_sign_in_at: Date | null;
  created_at: Date;
  created_by: { id: number; fullname: string | null } | null;
  updated_at: Date;
  updated_by: { id: number; fullname: string | null } | null;
  deleted_at: Date | null;
};

export interface DuplicateResident {
  id: number;
  fullname: string;
  date_of_birth: string;
  purok: string | null;
  status: "Active" | "Trashed";
}

/** Residents with the same first and last name (ignoring case, accents and marks) and birth date. */
export async function findDuplicates(
  ctx: Pick<ServiceContext, "db">,
  person: { firstname?: string | null; lastname?: string | null; date_of_birth?: string | null },
  exceptId: number | null = null,
): Promise<DuplicateResident[]> {
  const { firstname, lastname, date_of_birth } = person;
  if (!firstname?.trim() || !lastname?.trim() || !date_of_birth || !isCalendarDate(date_of_birth)) return [];
  let q = ctx.db
    .selectFrom("users as u")
    .innerJoin("user_profiles as p", "p.user_id", "u.id")
    .leftJoin("puroks as pk", "pk.id", "p.purok_id")
    .select([
      "u.id",
      fullNameOf("p").as("fullname"),
      sql<string>`p.date_of_birth::text`.as("date_of_birth"),
      "pk.name as purok",
      sql<DuplicateResident["status"]>`case when u.deleted_at is null then 'Active' else 'Trashed' end`.as("status"),
    ])
    .where("u.kind", "=", "resident")
    .where("p.date_of_birth", "=", date_of_birth)
    .where(sql`portal_name_words(p.firstname)`, "=", sql`portal_name_words(${firstname})`)
    .where(sql`portal_name_words(p.lastname)`, "=", sql`portal_name_words(${lastname})`)
    .orderBy("u.deleted_at", "desc")
    .orderBy("u.id")
    .limit(5);
  if (exceptId != null) q = q.where("u.id", "<>", exceptId);
  return (await q.execute()).map((r) => ({ ...r, id: Number(r.id) }));
}

export function duplicateMessage(d: DuplicateResident): string {
  return `${d.fullname}, born ${d.date_of_birth}${d.purok ? ` (${d.purok})` : ""}, is already registered${d.status === "Trashed" ? " and is in the trash" : ""}: resident #${d.id}.`;
}

/** The duplicate check of create and update: refused unless confirm_duplicate was sent. */
export async function assertNotDuplicate(
  ctx: Pick<ServiceContext, "db">,
  values: Record<string, unknown>,
  id: number | null,
): Promise<void> {
  if (values.confirm_duplicate === true) return;
  const profile = (values.user_profile ?? {}) as { firstname?: string; lastname?: string; date_of_birth?: string };
  const [first] = await findDuplicates(ctx, profile, id);
  if (first) {
    throw new ValidationError(
      { duplicate: [duplicateMessage(first)] },
      `${duplicateMessage(first)} Check that this is a different person, then save again with confirm_duplicate.`,
    );
  }
}

/** Religion, occupation and purok of a profile must be active parameter rows. */
export async function assertProfileReferences(ctx: Pick<ServiceContext, "db">, profile: Record<string, unknown>): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const [key, table, label] of [
    ["religion_id", "religions", "religion"],
    ["occupation_id", "occupations", "occupation"],
    ["purok_id", "puroks", "purok"],
  ] as const) {
    const value = profile[key];
    if (value == null) continue;
    const found = await ctx.db
      .selectFrom(table)
      .select("id")
      .where("id", "=", value as number) // validated as an id by the resident's schema
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!found) errors[`user_profile.${key}`] = [`The selected ${label} is invalid.`];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** A colour for the initials avatar of a new resident: picked from the name, so it stays put. */
export const AVATAR_COLOURS = [
  "#fde68a",
  "#bbf7d0",
  "#bfdbfe",
  "#fbcfe8",
  "#ddd6fe",
  "#fed7aa",
  "#a5f3fc",
  "#e9d5ff",
  "#fecaca",
  "#d9f99d",
];
export function colourFor(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return AVATAR_COLOURS[h % AVATAR_COLOURS.length];
}

async function lockResident(ctx: ServiceContext, id: number): Promise<{ id: number; deleted_at: Date | null; username: string | null }> {
  const row = await ctx.db
    .selectFrom("users")
    .select(["id", "deleted_at", "username"])
    .where("id", "=", id)
    .where("kind", "=", "resident")
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound("resident");
  return row;
}

// --- photos ------------------------------------------------------------------------------------

export const PHOTO_SIZE = 512;

/** The kind of image by its first bytes, whatever the name or declared type says. */
export function sniffImage(bytes: Uint8Array): "image/jpeg" | "image/png" | "image/webp" | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return "image/png";
  if (
    bytes.length >= 12 &&
    String.fromCharCode(...bytes.subarray(0, 4)) === "RIFF" &&
    String.fromCharCode(...bytes.subarray(8, 12)) === "WEBP"
  )
    return "image/webp";
  return null;
}

export const PHOTO_TOO_LARGE = "The photo may not be greater than 5 MB.";
export const PHOTO_NOT_IMAGE = "The photo must be a JPEG, PNG or WebP image.";

/**
 * Checks and resizes an uploaded photo: JPEG, PNG or WebP by content, at most 5 MB, turned upright
 * (EXIF orientation) and cropped to a 512 px square WebP. Metadata (GPS and the rest) is dropped.
 */
export interface PreparedPhoto {
  content: Buffer;
  mime: string;
  width: number;
  height: number;
}

export async function preparePhoto(bytes: Uint8Array): Promise<PreparedPhoto> {
  if (bytes.byteLength > PHOTO_MAX_BYTES) throw ValidationError.field("photo", PHOTO_TOO_LARGE);
  if (bytes.byteLength === 0) throw ValidationError.field("photo", "The photo is empty.");
  if (!sniffImage(bytes)) throw ValidationError.field("photo", PHOTO_NOT_IMAGE);
  const { default: sharp } = await import("sharp");
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { content: data, mime: "image/webp", width: info.width, height: info.height };
  } catch {
    throw ValidationError.field("photo", `${PHOTO_NOT_IMAGE} This file could not be read as one.`);
  }
}

export function photoPath(id: number, version: number | string): string {
  return `/photos/resident/${id}.webp?v=${version}`;
}

/** Stores a resident's photo (update-resident). Answers the new image address. */
export async function setResidentPhoto(ctx: ServiceContext, id: number, upload: Uint8Array | PreparedPhoto): Promise<{ image: string }> {
  if (!can(ctx.user, "update-resident") && !can(ctx.user, "create-resident")) throw forbidden();
  const photo = upload instanceof Uint8Array ? await preparePhoto(upload) : upload;
  const run = async (tx: ServiceContext) => {
    await lockResident(tx, id);
    const db = tx.db;
    await db
      .insertInto("resident_photos")
      .values({
        user_id: id,
        content: photo.content,
        mime: photo.mime,
        width: photo.width,
        height: photo.height,
        updated_by: tx.user?.id ?? null,
      })
      .onConflict((oc) =>
        oc.column("user_id").doUpdateSet({
          content: photo.content,
          mime: photo.mime,
          width: photo.width,
          height: photo.height,
          updated_at: sql`now()`,
          updated_by: tx.user?.id ?? null,
        }),
      )
      .execute();
    const image = photoPath(id, Date.now().toString(36));
    await db
      .updateTable("user_profiles")
      .set({ image, updated_at: sql`now()` })
      .where("user_id", "=", id)
      .execute();
    await audit(tx, { entity: "resident", entityId: id, action: "photo", after: { image, bytes: photo.content.byteLength } });
    return { image };
  };
  return ctx.db.isTransaction ? run(ctx) : ctx.db.transaction().execute((trx) => run({ ...ctx, db: trx }));
}

/** Removes the photo; the default avatar shows again. */
export async function removeResidentPhoto(ctx: ServiceContext, id: number): Promise<void> {
  if (!can(ctx.user, "update-resident")) throw forbidden();
  await ctx.db.transaction().execute(async (trx) => {
    const tx = { ...ctx, db: trx };
    await lockResident(tx, id);
    await trx.deleteFrom("resident_photos").where("user_id", "=", id).execute();
    await trx
      .updateTable("user_profiles")
      .set({ image: null, updated_at: sql`now()` })
      .where("user_id", "=", id)
      .execute();
    await audit(tx, { entity: "resident", entityId: id, action: "photo", after: { image: null } });
  });
}

/** The stored photo, for anyone who may view residents. */
export async function readResidentPhoto(ctx: ServiceContext, id: number): Promise<{ content: Uint8Array; mime: string } | null> {
  if (!can(ctx.user, "manage-resident") && !can(ctx.user, "view-resident")) throw forbidden();
  const row = await ctx.db.selectFrom("resident_photos").select(["content", "mime"]).where("user_id", "=", id).executeTakeFirst();
  return row ?? null;
}

// --- reset password (spec §2.4 "reset", §6: needs delete-resident) ----------------------------

/**
 * Gives a resident who signs in a new generated password, shown once to the staff member, and ends
 * their sessions. A resident without a username gets none: there is nothing to sign in with.
 */
export async function resetResidentPassword(ctx: ServiceContext, id: number): Promise<{ username: string; password: string }> {
  if (!can(ctx.user, "delete-resident")) throw forbidden();
  return ctx.db.transaction().execute(async (trx) => {
    const tx = { ...ctx, db: trx };
    const row = await lockResident(tx, id);
    if (!row.username)
      throw new AppError(422, "This resident has no sign-in account. Give them a username first.", {
        username: ["This resident has no sign-in account."],
      });
    const password = generatePassword();
    await trx
      .updateTable("users")
      .set({ password_hash: await hashPassword(password), updated_at: sql`now()`, updated_by: ctx.user?.id ?? null })
      .where("id", "=", id)
      .execute();
    await trx.deleteFrom("sessions").where("user_id", "=", id).execute();
    await audit(tx, { entity: "resident", entityId: id, action: "reset_password" });
    return { username: row.username, password };
  });
}

// --- the resident page -------------------------------------------------------------------------

export interface ResidentHousehold {
  id: number;
  role: "Head" | string;
  head: unknown;
  purok: string | null;
  address: string;
  latitude: number | null;
  longitude: number | null;
  members_count: number;
  disaster_types: string[];
}

/** The active household a resident heads or belongs to (the location tab's map pin). */
export async function householdOfResident(ctx: ServiceContext, id: number): Promise<ResidentHousehold | null> {
  if (!can(ctx.user, "manage-resident") && !can(ctx.user, "view-resident")) throw forbidden();
  const row = (
    await sql<ResidentHousehold & { disaster_types: string[] | null }>`
    select h.id, case when h.household_head_user_id = ${id} then 'Head' else m.relation_to_head end as role,
      ${personJson("h.household_head_user_id", "hp")} as head, pk.name as purok, h.address, h.latitude, h.longitude,
      1 + (select count(*) from household_members mm where mm.household_id = h.id)::int as members_count,
      d.disaster_types
    from households h
    left join household_members m on m.household_id = h.id and m.user_id = ${id}
    join user_profiles hp on hp.user_id = h.household_head_user_id
    left join puroks pk on pk.id = h.purok_id
    left join disaster_prone_areas d on d.purok_id = h.purok_id and d.deleted_at is null
    where h.deleted_at is null and (h.household_head_user_id = ${id} or m.user_id is not null)
    order by h.id limit 1
  `.execute(ctx.db)
  ).rows[0];
  if (!row) return null;
  return { ...row, id: Number(row.id), members_count: Number(row.members_count), disaster_types: row.disaster_types ?? [] };
}
