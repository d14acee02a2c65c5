/** The signed-in user as the server reads them: who they are, their roles and permissions. */
export interface AuthUser {
  id: number;
  /** The barangay the user works in (0: the hub's own users); absent: the process's default barangay (docs/decisions/209). */
  barangayId?: number;
  username: string | null;
  email: string | null;
  kind: string;
  new_user: boolean;
  last_sign_in_at: Date | null;
  /** The language the user reads the portal in: their own choice, else their barangay's (docs/decisions/219). */
  language: "en" | "fil";
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

/** What the browser may know of the signed-in user. */
export interface PublicUser {
  id: number;
  username: string | null;
  email: string | null;
  new_user: boolean;
  language: AuthUser["language"];
  user_profile: AuthUser["user_profile"];
  roles: { id: number; name: string }[];
  permissions: string[];
}

export function toPublicUser(user: AuthUser): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    new_user: user.new_user,
    language: user.language,
    user_profile: user.user_profile,
    roles: user.roles,
    permissions: user.permissions,
  };
}
