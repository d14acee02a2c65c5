import type { ColumnType, Generated, Selectable } from "kysely";

// The Database interface Kysely checks queries against. One interface per table;
// later issues add theirs here beside their migration.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = Generated<number>;
type Json = ColumnType<unknown, string, string>;

export interface UsersTable {
  id: Id;
  kind: ColumnType<UserKind, UserKind | undefined, UserKind>;
  username: string | null;
  email: string | null;
  password_hash: string | null;
  new_user: Generated<boolean>;
  blocked_at: Date | null;
  blocked_by: number | null;
  blocked_reason: ColumnType<string | null, string | null | undefined, string | null>;
  last_sign_in_at: Date | null;
  created_at: Timestamp;
  created_by: number | null;
  updated_at: Timestamp;
  updated_by: number | null;
  deleted_at: Date | null;
  deleted_by: number | null;
}
export type UserKind = "staff" | "resident" | "non_resident" | "organization";

export interface UserProfilesTable {
  user_id: number;
  firstname: string;
  middlename: string | null;
  lastname: string | null;
  suffix: string | null;
  image: string | null;
  hex_color: string | null;
  updated_at: Timestamp;
}

export interface RolesTable {
  id: Id;
  name: string;
  description: string | null;
  created_at: Timestamp;
  created_by: number | null;
  updated_at: Timestamp;
  updated_by: number | null;
}

export interface PermissionsTable {
  id: Id;
  name: string;
  description: string | null;
  created_at: Timestamp;
  created_by: number | null;
  updated_at: Timestamp;
  updated_by: number | null;
}

export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  expires_at: Date;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface AuditLogTable {
  id: Id;
  at: Timestamp;
  user_id: number | null;
  entity: string;
  entity_id: string | null;
  action: string;
  before: Json | null;
  after: Json | null;
  ip: string | null;
}

export interface SettingsTable {
  key: string;
  value: Json;
  updated_at: Timestamp;
  updated_by: number | null;
}

/** Issue 5: which realtime notification topics a user wants ({topic: boolean}; absent = on). */
export interface UserPreferencesTable {
  user_id: number;
  notifications: ColumnType<Record<string, boolean>, string | undefined, string>;
  updated_at: Timestamp;
}

export interface Database {
  user_preferences: UserPreferencesTable;
  users: UsersTable;
  user_profiles: UserProfilesTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  settings: SettingsTable;
}

export type User = Selectable<UsersTable>;
export type UserProfile = Selectable<UserProfilesTable>;
