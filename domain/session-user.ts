import type { AuthUser } from "../server/context.ts";

/** What the browser may know of the signed-in user. */
export interface PublicUser {
  id: number;
  username: string | null;
  email: string | null;
  new_user: boolean;
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
    user_profile: user.user_profile,
    roles: user.roles,
    permissions: user.permissions,
  };
}
