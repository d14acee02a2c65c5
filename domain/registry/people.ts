import { z } from "zod";
import type { ColumnDef, ResourceDef } from "./types";
import { calendarDate, idOfObject, optionalCalendarDate, optionalId, optionalText, requiredEnum, requiredId, requiredText } from "./fields";

// People and places: residents (the DILG Record of Barangay Inhabitants), households,
// disaster-prone areas and businesses, each one registry entry (DESIGN §4). Columns follow §2.4.

export const SEXES = ["Male", "Female"] as const;
export const CIVIL_STATUSES = ["Single", "Married", "Widowed", "Separated", "Annulled"] as const;
export const SUFFIXES = ["Jr.", "Sr.", "II", "III", "IV", "V"] as const;
/** The RBI's highest educational attainment. */
export const EDUCATION_LEVELS = [
  "No formal education",
  "Elementary level",
  "Elementary graduate",
  "High school level",
  "High school graduate",
  "Senior high school level",
  "Senior high school graduate",
  "Vocational / TESDA",
  "College level",
  "College graduate",
  "Post-graduate",
] as const;
export const DISASTER_TYPES = ["Flood", "Landslide", "Storm surge", "Fire", "Earthquake", "Volcanic", "Drought"] as const;
/** Relation of a household member to the head (RBI household roster). */
export const RELATIONS = [
  "Spouse",
  "Son",
  "Daughter",
  "Father",
  "Mother",
  "Brother",
  "Sister",
  "Grandson",
  "Granddaughter",
  "Grandfather",
  "Grandmother",
  "Son-in-law",
  "Daughter-in-law",
  "Nephew",
  "Niece",
  "Uncle",
  "Aunt",
  "Cousin",
  "Other relative",
  "Household helper",
  "Boarder",
  "Non-relative",
] as const;

/** Senior citizens are 60 or older (Republic Act 9994); derived from the birth date, never stored. */
export const SENIOR_AGE = 60;
/** Photos: JPEG, PNG or WebP up to 5 MB, stored resized. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const DEFAULT_AVATAR = "/default_avatar.png";
/** The Philippines' extent, for coordinates typed or picked on the map. */
export const PH_BOUNDS = { minLat: 4.5, maxLat: 21.5, minLng: 116, maxLng: 127 } as const;

const attr = (name: string) => name.replace(/_/g, " ");

/** Today in Asia/Manila as YYYY-MM-DD (the office's calendar, DESIGN §5). */
export function manilaToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Manila", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** Births and acquisitions of this world: after 1890 (a typo of the century is caught). */
const PAST_MIN = { date: "1890-01-01" };

/** A calendar date, not in the future (birth dates, SSS membership, date acquired). */
function pastDate(name: string, options: { required: boolean; label?: string }) {
  const label = options.label ?? attr(name);
  const rule = { label, notInFuture: true, min: { ...PAST_MIN, message: `The ${label} must be after 1890.` } };
  return options.required ? calendarDate(name, rule) : optionalCalendarDate(name, rule);
}

/** A resident picked by id (household head, member, owner): "The household head field is required." */
function personId(label: string) {
  return z.preprocess(
    idOfObject,
    z.coerce
      .number({ error: `The ${label} field is required.` })
      .int(`The selected ${label} is invalid.`)
      .positive(`The ${label} field is required.`),
  );
}

function optionalEnum<T extends readonly [string, ...string[]]>(name: string, values: T) {
  return z
    .union([z.enum(values), z.literal("")], { error: `The selected ${attr(name)} is invalid.` })
    .nullish()
    .transform((v) => (v ? v : null));
}

/** An HTML checkbox ("on" or absent) or a JSON boolean. */
export function flag() {
  return z
    .union([z.boolean(), z.string(), z.number()])
    .nullish()
    .transform((v) => v === true || v === 1 || v === "on" || v === "true" || v === "1" || v === "yes");
}

/**
 * A Philippine mobile number: 09XX XXX XXXX or +63 9XX XXX XXXX. Stored as the digits typed, with
 * spaces, dashes, dots and brackets removed ("0917-123-4567" → "09171234567").
 */
export function normalizeMobile(value: string): string {
  return value.replace(/[\s\-.()]/g, "");
}
export const MOBILE_PATTERN = /^(09\d{9}|\+639\d{9}|639\d{9})$/;

const contactNumber = optionalText("contact_number", 30)
  .transform((v) => (v ? normalizeMobile(v) : null))
  .refine(
    (v) => v == null || MOBILE_PATTERN.test(v),
    "The contact number must be a Philippine mobile number such as 0917 123 4567 or +63 917 123 4567.",
  );

const sssNumber = optionalText("sss_number", 20).refine(
  (v) => v == null || /^\d{2}-?\d{7}-?\d$/.test(v),
  "The SSS number must have 10 digits, written 34-1234567-8.",
);

const hexColor = optionalText("hex_color", 7).refine(
  (v) => v == null || /^#[0-9a-fA-F]{6}$/.test(v),
  "The avatar colour must be a colour such as #eab308.",
);

const account = {
  username: optionalText("username", 50).refine(
    (v) => v == null || /^[a-zA-Z0-9._-]{3,50}$/.test(v),
    "The username may contain only letters, digits, dots, dashes and underscores (3 to 50).",
  ),
  email: optionalText("email", 255).refine((v) => v == null || z.email().safeParse(v).success, "The email must be a valid email address."),
  password: optionalText("password", 128).refine((v) => v == null || v.length >= 8, "The password must be at least 8 characters."),
};

export const residentProfileSchema = z.object({
  lastname: requiredText("lastname", 100),
  firstname: requiredText("firstname", 100),
  middlename: optionalText("middlename", 100),
  suffix: optionalText("suffix", 10),
  sex: requiredEnum("sex", SEXES),
  date_of_birth: pastDate("date_of_birth", { required: true, label: "date of birth" }),
  place_of_birth: optionalText("place_of_birth", 150),
  civil_status: requiredEnum("civil_status", CIVIL_STATUSES),
  citizenship: optionalText("citizenship", 60),
  religion_id: optionalId("religion_id"),
  occupation_id: optionalId("occupation_id"),
  contact_number: contactNumber,
  house_number: optionalText("house_number", 30),
  street: optionalText("street", 100),
  purok_id: requiredId("purok_id"),
  highest_educational_attended: optionalEnum("highest_educational_attended", EDUCATION_LEVELS),
  mother_fullname: optionalText("mother_fullname", 150),
  father_fullname: optionalText("father_fullname", 150),
  sss_number: sssNumber,
  sss_membership_date: pastDate("sss_membership_date", { required: false, label: "SSS membership date" }),
  // Any calendar date: a retirement may be planned ahead.
  sss_retirement_date: optionalCalendarDate("sss_retirement_date"),
  sss_job: optionalText("sss_job", 100),
  is_voter: flag(),
  precinct_number: optionalText("precinct_number", 20),
  is_pwd: flag(),
  is_solo_parent: flag(),
  is_4ps: flag(),
  is_ofw: flag(),
  is_indigenous: flag(),
  hex_color: hexColor,
});

export const residentSchema = z.object({
  ...account,
  user_profile: residentProfileSchema,
  /** Save even though a resident with the same name and birth date exists (the duplicate warning). */
  confirm_duplicate: flag(),
});

const STATUS: ColumnDef = { key: "status", label: "Status", kind: "status", sortable: true };
const CREATED_AT: ColumnDef = { key: "created_at", label: "Created at", kind: "datetime", sortable: true, hideOnMobile: true };
const CREATED_BY: ColumnDef = { key: "created_by", label: "Created by", kind: "person", sortable: true, hideOnMobile: true };

const P = "user_profile.";

export const resident: ResourceDef<z.output<typeof residentSchema>> = {
  name: "resident",
  restPath: "resident",
  storage: { kind: "user", userKind: "resident" },
  path: "/manage/residents",
  listModule: "routes/people.residents.tsx",
  labels: { singular: "resident", plural: "residents", title: "Residents" },
  displayField: "name",
  undo: true,
  multiBody: "records",
  countable: true,
  columns: [
    { key: "name", label: "Name", kind: "text", sortable: true },
    { key: "zone", label: "Zone", kind: "text" },
    STATUS,
    CREATED_AT,
    CREATED_BY,
  ],
  fields: [
    { name: `${P}lastname`, label: "Last name", kind: "text", required: true, maxLength: 100 },
    { name: `${P}firstname`, label: "First name", kind: "text", required: true, maxLength: 100 },
    { name: `${P}middlename`, label: "Middle name", kind: "text", maxLength: 100 },
    { name: `${P}suffix`, label: "Suffix", kind: "text", maxLength: 10, placeholder: "Jr., Sr., III" },
    { name: `${P}sex`, label: "Sex", kind: "enum", options: SEXES, required: true },
    { name: `${P}date_of_birth`, label: "Date of birth", kind: "date", required: true },
    { name: `${P}place_of_birth`, label: "Place of birth", kind: "text", maxLength: 150 },
    { name: `${P}civil_status`, label: "Civil status", kind: "enum", options: CIVIL_STATUSES, required: true },
    { name: `${P}citizenship`, label: "Citizenship", kind: "text", maxLength: 60, placeholder: "Filipino" },
    { name: `${P}religion_id`, label: "Religion", kind: "reference", reference: "religion" },
    { name: `${P}occupation_id`, label: "Occupation", kind: "reference", reference: "occupation" },
    { name: `${P}contact_number`, label: "Contact number", kind: "text", maxLength: 30, placeholder: "0917 123 4567" },
    { name: "email", label: "E-mail", kind: "email", maxLength: 255 },
    { name: `${P}house_number`, label: "House number", kind: "text", maxLength: 30 },
    { name: `${P}street`, label: "Street", kind: "text", maxLength: 100 },
    { name: `${P}purok_id`, label: "Purok", kind: "reference", reference: "purok", required: true },
    { name: `${P}highest_educational_attended`, label: "Highest educational attainment", kind: "enum", options: EDUCATION_LEVELS },
    { name: `${P}mother_fullname`, label: "Mother's full name", kind: "text", maxLength: 150 },
    { name: `${P}father_fullname`, label: "Father's full name", kind: "text", maxLength: 150 },
    { name: `${P}sss_number`, label: "SSS number", kind: "text", maxLength: 20, placeholder: "34-1234567-8" },
    { name: `${P}sss_membership_date`, label: "SSS membership date", kind: "date" },
    { name: `${P}sss_retirement_date`, label: "SSS retirement date", kind: "date" },
    { name: `${P}sss_job`, label: "SSS job", kind: "text", maxLength: 100 },
    { name: `${P}is_voter`, label: "Registered voter", kind: "checkbox" },
    { name: `${P}precinct_number`, label: "Precinct number", kind: "text", maxLength: 20 },
    { name: `${P}is_pwd`, label: "Person with disability (PWD)", kind: "checkbox" },
    { name: `${P}is_solo_parent`, label: "Solo parent", kind: "checkbox" },
    { name: `${P}is_4ps`, label: "4Ps beneficiary", kind: "checkbox" },
    { name: `${P}is_ofw`, label: "Overseas Filipino worker (OFW)", kind: "checkbox" },
    { name: `${P}is_indigenous`, label: "Indigenous people (IP)", kind: "checkbox" },
    { name: "username", label: "Username", kind: "text", maxLength: 50, description: "Optional: only if the resident will sign in." },
    { name: "password", label: "Password", kind: "password", maxLength: 128, description: "Leave empty to keep the current password." },
  ],
  searchable: ["username", "email", "p.contact_number"],
  // Names are searched through the indexed resident search (the resident service, decision 042).
  schema: { create: residentSchema, update: residentSchema },
  // make_transaction is a row link to the transactions list's issue form (below), not a modal here.
  modals: ["create", "update", "delete", "restore", "reset"],
  defaultSort: { key: "name", order: "asc" },
  virtualFields: ["confirm_duplicate"],
  rowLinks: [
    {
      key: "view",
      label: "View profile",
      href: "/manage/residents/{id}/profile",
      permission: "view-resident",
      onTrashed: true,
      main: true,
    },
    // make_transaction (spec §2.4): the transactions list's issue form, the resident chosen.
    {
      key: "make_transaction",
      label: "Make transaction",
      href: "/manage/transactions?modal=create&user_id={id}",
      permission: "create-transaction",
    },
    // Spec §2.4 "reset" (residents), §6: needs delete-resident. The dialog says when there is no account.
    { key: "reset", label: "Reset password", href: "/manage/residents?modal=reset&id={id}", permission: "delete-resident" },
  ],
};

const latitude = z.coerce
  .number({ error: "The latitude must be a number." })
  .min(PH_BOUNDS.minLat, `The latitude must be between ${PH_BOUNDS.minLat} and ${PH_BOUNDS.maxLat} (within the Philippines).`)
  .max(PH_BOUNDS.maxLat, `The latitude must be between ${PH_BOUNDS.minLat} and ${PH_BOUNDS.maxLat} (within the Philippines).`);
const longitude = z.coerce
  .number({ error: "The longitude must be a number." })
  .min(PH_BOUNDS.minLng, `The longitude must be between ${PH_BOUNDS.minLng} and ${PH_BOUNDS.maxLng} (within the Philippines).`)
  .max(PH_BOUNDS.maxLng, `The longitude must be between ${PH_BOUNDS.minLng} and ${PH_BOUNDS.maxLng} (within the Philippines).`);
const optionalCoordinate = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess((v) => (v === "" || v == null ? null : v), schema.nullable())
    .transform((v) => (v == null ? null : Math.round(Number(v) * 1e6) / 1e6));

export const householdMemberSchema = z.object({
  user_id: personId("member"),
  relation_to_head: requiredEnum("relation_to_head", RELATIONS),
});

export const householdSchema = z
  .object({
    household_head_user_id: personId("household head"),
    purok_id: requiredId("purok_id"),
    address: requiredText("address", 200),
    latitude: optionalCoordinate(latitude),
    longitude: optionalCoordinate(longitude),
    // A form's blank member row (no resident, no relation) is no member at all.
    members: z
      .preprocess(
        (list) =>
          Array.isArray(list)
            ? list.filter(
                (m) => m == null || typeof m !== "object" || Object.values(m as Record<string, unknown>).some((v) => v != null && v !== ""),
              )
            : list,
        z
          .array(householdMemberSchema, { error: "The members must be a list." })
          .max(60, "A household can have at most 60 members.")
          .nullish(),
      )
      .transform((v) => v ?? []),
  })
  .superRefine((value, ctx) => {
    if ((value.latitude == null) !== (value.longitude == null)) {
      ctx.addIssue({
        code: "custom",
        path: [value.latitude == null ? "latitude" : "longitude"],
        message: "Give both the latitude and the longitude, or neither.",
      });
    }
    const seen = new Set<number>();
    value.members.forEach((m, i) => {
      if (m.user_id === value.household_head_user_id)
        ctx.addIssue({ code: "custom", path: ["members", i, "user_id"], message: "The household head is already in the household." });
      else if (seen.has(m.user_id))
        ctx.addIssue({ code: "custom", path: ["members", i, "user_id"], message: "This resident is listed twice." });
      seen.add(m.user_id);
    });
  });

export const household: ResourceDef<z.output<typeof householdSchema>> = {
  name: "household",
  restPath: "household",
  storage: { kind: "table", table: "households" },
  path: "/manage/households",
  listModule: "routes/people.households.tsx",
  labels: { singular: "household", plural: "households", title: "Households" },
  // A household reads as its head's name (kept in step by the people hooks), never "household #150".
  displayField: "head_name",
  undo: false,
  multiBody: "ids",
  countable: true,
  columns: [
    { key: "household_head", label: "Household head", kind: "person", sortable: true },
    { key: "purok", label: "Purok", kind: "reference", sortable: true },
    { key: "members_count", label: "Members", kind: "number", sortable: true },
    { key: "coordinates", label: "Coordinates", kind: "text", hideOnMobile: true },
    STATUS,
    CREATED_AT,
    CREATED_BY,
  ],
  fields: [
    { name: "household_head_user_id", label: "Household head", kind: "reference", reference: "resident", required: true },
    { name: "purok_id", label: "Purok", kind: "reference", reference: "purok", required: true },
    { name: "address", label: "House number and street or landmark", kind: "text", required: true, maxLength: 200 },
    { name: "latitude", label: "Latitude", kind: "number", description: "Within the Philippines: 4.5 to 21.5." },
    { name: "longitude", label: "Longitude", kind: "number", description: "Within the Philippines: 116 to 127." },
  ],
  references: [
    { key: "household_head", foreignKey: "household_head_user_id", resource: "resident" },
    { key: "purok", foreignKey: "purok_id", resource: "purok" },
  ],
  searchable: ["head_name", "address"],
  // `/manage/households?purok_id=3` (spec §2.1, a disaster-prone area's "View households").
  filters: [{ kind: "reference", key: "purok_id", label: "Purok", resource: "purok" }],
  schema: { create: householdSchema, update: householdSchema },
  modals: ["create", "update", "delete", "restore", "print"],
  defaultSort: { key: "created_at", order: "desc" },
  // The members besides the head (RBI household roster), saved with the household.
  children: [
    {
      key: "members",
      table: "household_members",
      parentKey: "household_id",
      columns: ["user_id", "relation_to_head"],
      orderColumn: "position",
      references: [{ key: "user", foreignKey: "user_id", resource: "resident" }],
      fields: [
        { name: "user_id", label: "Resident", kind: "reference", reference: "resident", required: true },
        { name: "relation_to_head", label: "Relation to the head", kind: "enum", options: RELATIONS, required: true },
      ],
      labels: { singular: "member", plural: "members" },
      max: 60,
    },
  ],
  rowLinks: [
    {
      key: "print",
      label: "Print",
      href: "/manage/households/{id}/print",
      permission: "view-household",
      onTrashed: true,
      newTab: true,
      main: true,
    },
  ],
};

export const disasterProneAreaSchema = z.object({
  purok_id: requiredId("purok_id"),
  disaster_types: z
    .union([z.array(z.string()), z.string()], { error: "The disaster types field is required." })
    .transform((v) => (typeof v === "string" ? [v] : v))
    .pipe(
      z
        .array(z.enum(DISASTER_TYPES, { error: "The selected disaster type is invalid." }))
        .min(1, "The disaster types field is required.")
        .transform((list) => DISASTER_TYPES.filter((t) => list.includes(t))),
    ),
  affected_area: requiredText("affected_area", 300),
});

export const disasterProneArea: ResourceDef<z.output<typeof disasterProneAreaSchema>> = {
  name: "disaster_prone_area",
  restPath: "disaster_prone_area",
  storage: { kind: "table", table: "disaster_prone_areas" },
  path: "/manage/disaster_prone_areas",
  listModule: "routes/people.disaster-prone-areas.tsx",
  labels: { singular: "disaster-prone area", plural: "disaster-prone areas", title: "Disaster Prone Areas" },
  displayField: "name",
  undo: false,
  multiBody: "ids",
  countable: true,
  columns: [
    { key: "purok", label: "Purok", kind: "reference", sortable: true },
    { key: "disaster_types", label: "Disaster types", kind: "list" },
    { key: "affected_area", label: "Affected area", kind: "text", hideOnMobile: true },
    STATUS,
    CREATED_AT,
    CREATED_BY,
  ],
  fields: [
    { name: "purok_id", label: "Purok", kind: "reference", reference: "purok", required: true },
    { name: "disaster_types", label: "Disaster types", kind: "multi-enum", options: DISASTER_TYPES, required: true },
    {
      name: "affected_area",
      label: "Affected area",
      kind: "textarea",
      required: true,
      maxLength: 300,
      placeholder: "Low-lying houses along the river bank",
    },
  ],
  references: [{ key: "purok", foreignKey: "purok_id", resource: "purok" }],
  searchable: ["affected_area", "disaster_types"],
  schema: { create: disasterProneAreaSchema, update: disasterProneAreaSchema },
  modals: ["create", "update", "delete", "restore"],
  defaultSort: { key: "purok", order: "asc" },
  rowLinks: [
    { key: "households", label: "View households", href: "/manage/households?purok_id={purok_id}", permission: "manage-household" },
  ],
};

export const businessSchema = z.object({
  name: requiredText("name", 150),
  owner_user_id: personId("owner"),
  business_line_id: requiredId("business_line_id"),
  location: requiredText("location", 200),
  date_acquired: pastDate("date_acquired", { required: false, label: "date acquired" }),
});

export const business: ResourceDef<z.output<typeof businessSchema>> = {
  name: "business",
  restPath: "business",
  storage: { kind: "table", table: "businesses" },
  path: "/manage/businesses",
  listModule: "routes/people.businesses.tsx",
  labels: { singular: "business", plural: "businesses", title: "Businesses" },
  displayField: "name",
  undo: false,
  multiBody: "records",
  countable: true,
  columns: [
    { key: "name", label: "Name", kind: "text", sortable: true },
    { key: "business_line", label: "Business line", kind: "reference", sortable: true },
    { key: "location", label: "Location", kind: "text", sortable: true, hideOnMobile: true },
    { key: "date_acquired", label: "Date acquired", kind: "date", sortable: true, hideOnMobile: true },
    CREATED_AT,
    CREATED_BY,
    { key: "owner", label: "Owner", kind: "person", sortable: true },
    STATUS,
  ],
  fields: [
    { name: "name", label: "Business name", kind: "text", required: true, maxLength: 150 },
    { name: "owner_user_id", label: "Owner", kind: "reference", reference: "resident", required: true },
    { name: "business_line_id", label: "Business line", kind: "reference", reference: "business_line", required: true },
    {
      name: "location",
      label: "Location",
      kind: "text",
      required: true,
      maxLength: 200,
      placeholder: "Purok 2, along the provincial road",
    },
    { name: "date_acquired", label: "Date acquired", kind: "date" },
  ],
  references: [
    { key: "business_line", foreignKey: "business_line_id", resource: "business_line" },
    { key: "owner", foreignKey: "owner_user_id", resource: "resident" },
  ],
  searchable: ["name", "location"],
  schema: { create: businessSchema, update: businessSchema },
  modals: ["create", "update", "delete", "restore"],
  defaultSort: { key: "name", order: "asc" },
};
