import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

/** The signed-in user as every layer sees it. Never carries the password hash. */
export interface AuthUser {
  id: number;
  username: string | null;
  email: string | null;
  kind: string;
  new_user: boolean;
  last_sign_in_at: Date | null;
  user_profile: {
    firstname: string;
    middlename: string | null;
    lastname: string | null;
    suffix: string | null;
    fullname: string;
    image: string;
    hex_color: string | null;
  };
  roles: { id: number; name: string }[];
  permissions: string[];
}

/** What every service takes first: the database (or the transaction it runs in) and who acts. */
export interface ServiceContext {
  db: Kysely<Database> | Transaction<Database>;
  user: AuthUser | null;
  ip?: string | null;
  /** The session the request came with, for calls that act on it (logout, password change). */
  sessionId?: string | null;
}
