import { z } from "zod";
import { PERMISSION_NAME_PATTERN } from "../permissions";
import { idOfObject, optionalText, requiredText } from "./fields";
import type { ColumnDef, ResourceDef } from "./types";

// Access administration: staff users, roles and permissions as registry entries
// (DESIGN §4), and the blocklist's list shape. Columns follow spec §2.4, fields spec §3.

export const USERNAME_PATTERN = /^[a-zA-Z0-9._-]{3,50}$/;
export const USERNAME_RULE = "The username may contain only letters, digits, dots, dashes and underscores (3 to 50).";
export const PASSWORD_MAX = 128;

/** The username of an account that signs in: required, 3 to 50 safe characters. */
export const usernameSchema = requiredText("username", 50).regex(USERNAME_PATTERN, USERNAME_RULE);

export const emailSchema = optionalText("email", 255).refine(
  (v) => v == null || z.email().safeParse(v).success,
  "The email must be a valid email address.",
);

/**
 * A new password as typed: never trimmed. The strength rule (passwordProblem) is checked by the
 * server, the one place it lives (server/auth/passwords.ts).
 */
export function passwordSchema(name = "password") {
  const attr = name.replace(/_/g, " ");
  return z
    .string({ error: `The ${attr} field is required.` })
    .min(1, `The ${attr} field is required.`)
    .max(PASSWORD_MAX, `The ${attr} must not be greater than ${PASSWORD_MAX} characters.`);
}

/**
 * A list of record ids from JSON ([1, 2]) or an HTML form ("1", ["1", "2"]). Forms send a
 * placeholder value ("none") so that unticking every box still sends the field.
 */
export function idListSchema(name: string, max = 500) {
  return z.preprocess(
    (value) => {
      if (value === undefined) return undefined;
      if (value === null || value === "") return [];
      // A listed row's relations are records ({id, name}): their ids count.
      return (Array.isArray(value) ? value : [value]).map(idOfObject).filter((v) => v !== "none" && v !== "" && v != null);
    },
    z
      .array(
        z.coerce
          .number({ error: `The selected ${name} are invalid.` })
          .int(`The selected ${name} are invalid.`)
          .positive(`The selected ${name} are invalid.`),
        {
          error: `The ${name} must be a list.`,
        },
      )
      .max(max, `At most ${max} ${name} can be selected.`)
      .transform((ids) => [...new Set(ids)]),
  );
}

export const nameParts = z.object({
  firstname: requiredText("firstname", 150),
  middlename: optionalText("middlename", 100),
  lastname: requiredText("lastname", 100),
  suffix: optionalText("suffix", 20),
});

const NAME_FIELDS: ResourceDef["fields"] = [
  { name: "user_profile.firstname", label: "First name", kind: "text", required: true, maxLength: 150 },
  { name: "user_profile.middlename", label: "Middle name", kind: "text", maxLength: 100 },
  { name: "user_profile.lastname", label: "Last name", kind: "text", required: true, maxLength: 100 },
  { name: "user_profile.suffix", label: "Suffix", kind: "text", maxLength: 20, placeholder: "Jr., Sr., III" },
];

const CREATED_AT: ColumnDef = { key: "created_at", label: "Created at", kind: "datetime", sortable: true, hideOnMobile: true };
const UPDATED_AT: ColumnDef = { key: "updated_at", label: "Updated at", kind: "datetime", sortable: true, hideOnMobile: true };

/**
 * The language a user reads the portal in (issue 33 item 4, docs/decisions/219), as an
 * administrator sets it: English, Filipino, or the barangay's ("barangay" from the form, whose
 * empty choice a form post would drop; "" or null over REST) — stored as null, which follows the
 * barangay's default. Left out of an update, it is kept.
 */
export const USER_LANGUAGE_CHOICES = ["barangay", "en", "fil"] as const;
const userLanguageSchema = z
  .enum([...USER_LANGUAGE_CHOICES, ""], { error: "The selected language is invalid." })
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "en" || v === "fil" ? v : null));

const userCreateSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema(),
  user_profile: nameParts,
  roles: idListSchema("roles").default([]),
  language: userLanguageSchema,
});
const userUpdateSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  user_profile: nameParts,
  roles: idListSchema("roles").optional(),
  language: userLanguageSchema,
});
/** A user's input: an update's, and the password a create sets. */
type UserInput = z.output<typeof userUpdateSchema> & { password?: string };

/** Staff accounts (spec §2.4 users: name, username, status, roles, lastsignin). */
export const user: ResourceDef<UserInput> = {
  name: "user",
  restPath: "user",
  storage: { kind: "user", userKind: "staff" },
  path: "/system/users",
  listModule: "routes/system.users.tsx",
  labels: { singular: "user", plural: "users", title: "Users" },
  displayField: "name",
  undo: true,
  multiBody: "records",
  columns: [
    { key: "name", label: "Name", kind: "text", sortable: true },
    { key: "username", label: "Username", kind: "text", sortable: true },
    { key: "status", label: "Status", kind: "status", sortable: true },
    { key: "roles", label: "Roles", kind: "list", hideOnMobile: true },
    { key: "last_sign_in_at", label: "Last sign-in", kind: "datetime", sortable: true, hideOnMobile: true },
  ],
  fields: [
    ...NAME_FIELDS,
    {
      name: "username",
      label: "Username",
      kind: "text",
      required: true,
      maxLength: 50,
      pattern: USERNAME_PATTERN.source,
      description: "Used to sign in.",
    },
    { name: "email", label: "E-mail", kind: "email", maxLength: 255 },
    {
      name: "password",
      label: "Password",
      kind: "password",
      required: true,
      createOnly: true,
      maxLength: PASSWORD_MAX,
      description: "At least 8 characters with three of: lower-case, upper-case, digits, symbols.",
    },
    { name: "roles", label: "Roles", kind: "multi-reference", reference: "role" },
    {
      name: "language",
      label: "Language",
      kind: "enum",
      options: USER_LANGUAGE_CHOICES,
      optionLabels: { barangay: "The barangay's language", en: "English", fil: "Filipino" },
    },
  ],
  searchable: ["username", "email"],
  unique: ["username"],
  schema: { create: userCreateSchema, update: userUpdateSchema },
  modals: ["create", "update", "delete", "restore", "reset"],
  defaultSort: { key: "name", order: "asc" },
  virtualFields: ["roles"],
  rowLinks: [
    { key: "open", label: "Open", href: "/system/users/{id}", onTrashed: true, main: true },
    { key: "reset", label: "Reset password", href: "/system/users?modal=reset&id={id}", permission: "delete-user" },
  ],
};

const roleCreateSchema = z.object({
  name: requiredText("name", 100),
  description: optionalText("description", 1000),
  permissions: idListSchema("permissions", 2000).default([]),
  members: idListSchema("members").default([]),
});
const roleUpdateSchema = z.object({
  name: requiredText("name", 100),
  description: optionalText("description", 1000),
  permissions: idListSchema("permissions", 2000).optional(),
  members: idListSchema("members").optional(),
});

/** Roles (spec §3: id, name, description, permissions, members, updated_at, created_at). */
export const role: ResourceDef<z.output<typeof roleUpdateSchema>> = {
  name: "role",
  restPath: "role",
  restPrefix: "admin",
  storage: { kind: "table", table: "roles" },
  path: "/system/roles",
  listModule: "routes/system.roles.tsx",
  labels: { singular: "role", plural: "roles", title: "Roles" },
  displayField: "name",
  undo: false,
  multiBody: "records",
  columns: [
    { key: "name", label: "Name", kind: "text", sortable: true },
    { key: "description", label: "Description", kind: "text", hideOnMobile: true },
    { key: "permissions_count", label: "Permissions", kind: "number" },
    { key: "members_count", label: "Members", kind: "number" },
    UPDATED_AT,
    CREATED_AT,
  ],
  fields: [
    { name: "name", label: "Name", kind: "text", required: true, maxLength: 100, placeholder: "Kagawad" },
    { name: "description", label: "Description", kind: "textarea", maxLength: 1000 },
    { name: "permissions", label: "Permissions", kind: "multi-reference", reference: "permission" },
    { name: "members", label: "Members", kind: "multi-reference", reference: "user" },
  ],
  searchable: ["name", "description"],
  unique: ["name"],
  schema: { create: roleCreateSchema, update: roleUpdateSchema },
  modals: ["create", "update", "delete"],
  defaultSort: { key: "name", order: "asc" },
  deletion: "hard",
  virtualFields: ["permissions", "members"],
};

export const PERMISSION_NAME_RULE =
  "The name must be an action and an entity joined by a hyphen, in lower case (for example update-cheque_book).";

/** A permission name, lower-cased, as `action-entity` (spec §6). */
export const permissionNameSchema = requiredText("name", 100)
  .transform((v) => v.toLowerCase())
  .pipe(z.string().regex(PERMISSION_NAME_PATTERN, PERMISSION_NAME_RULE));

const permissionSchema = z.object({ name: permissionNameSchema, description: requiredText("description", 255) });

/** Permissions (spec §2.4: name, description, updated_at, created_at). */
export const permission: ResourceDef<z.output<typeof permissionSchema>> = (() => {
  return {
    name: "permission",
    restPath: "permission",
    restPrefix: "admin",
    storage: { kind: "table", table: "permissions" },
    path: "/system/permissions",
    listModule: "routes/system.permissions.tsx",
    labels: { singular: "permission", plural: "permissions", title: "Permissions" },
    displayField: "name",
    undo: false,
    multiBody: "records",
    columns: [
      { key: "name", label: "Name", kind: "text", sortable: true },
      { key: "description", label: "Description", kind: "text" },
      UPDATED_AT,
      CREATED_AT,
    ],
    fields: [
      {
        name: "name",
        label: "Name",
        kind: "text",
        required: true,
        maxLength: 100,
        pattern: PERMISSION_NAME_PATTERN.source,
        placeholder: "approve-disbursement",
        description: "action-entity, in lower case.",
      },
      {
        name: "description",
        label: "Description",
        kind: "text",
        required: true,
        maxLength: 255,
        placeholder: "Approve disbursement vouchers",
      },
    ],
    searchable: ["name", "description"],
    unique: ["name"],
    schema: { create: permissionSchema, update: permissionSchema },
    modals: ["create", "update", "delete"],
    defaultSort: { key: "name", order: "asc" },
    deletion: "hard",
  } satisfies ResourceDef<z.output<typeof permissionSchema>>;
})();

/**
 * The blocklist's list (spec §2.4: Name, Username, Status, Roles). Not in RESOURCES: its calls are
 * not §7.2's pattern (adding blocks a user, removing unblocks), so server/features/access/blocklist.ts
 * serves them; the engine only lists and reads the `blocklist_entries` view through this shape.
 */
export const blocklist: ResourceDef & { name: "blocklist" } = {
  name: "blocklist",
  restPath: "blocklist",
  storage: { kind: "table", table: "blocklist_entries" },
  path: "/system/blocklist",
  labels: { singular: "blocked user", plural: "blocked users", title: "Blocklist" },
  displayField: "username",
  undo: false,
  multiBody: "records",
  columns: [
    { key: "name", label: "Name", kind: "text", sortable: true },
    { key: "username", label: "Username", kind: "text", sortable: true },
    { key: "status", label: "Status", kind: "status" },
    { key: "roles", label: "Roles", kind: "list", hideOnMobile: true },
  ],
  fields: [{ name: "reason", label: "Reason", kind: "textarea", maxLength: 500 }],
  searchable: ["name", "username", "email"],
  schema: { create: z.object({}), update: z.object({}) },
  modals: ["add", "delete", "reset_password"],
  defaultSort: { key: "name", order: "asc" },
  rowLinks: [{ key: "open", label: "Open", href: "/system/blocklist/{id}", main: true }],
};
