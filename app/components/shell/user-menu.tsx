import { ChevronDown } from "lucide-react";
import { CsrfInput } from "~/components/csrf-input";
import * as React from "react";
import { lazyComponent, useOnDemand } from "~/lib/lazy-component";
import type { PublicUser } from "@domain/session-user";
import { cn } from "~/lib/utils";
import { UserAvatar } from "./user-avatar";
import { m } from "@domain/i18n";

// The Radix menu loads on the first click (decision 177); until then a plain look-alike button.
const UserMenuDropdown = lazyComponent(() => import("./user-menu-dropdown").then((m) => m.UserMenuDropdown));

export const userMenuTriggerClass =
  "flex h-9 items-center gap-2 rounded-md px-1.5 text-sm hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[state=open]:bg-accent";

/** What the trigger shows: the avatar, and from md up the name and role. */
export function UserMenuTriggerContent({ user }: { user: PublicUser }) {
  const profile = user.user_profile;
  const role = user.roles[0]?.name;
  return (
    <>
      <span className="sr-only">{m.shell_user_menu_label()}</span>
      <UserAvatar profile={profile} className="size-7" decorative />
      <span className="hidden max-w-40 flex-col items-start leading-tight md:flex">
        <span className="max-w-40 truncate font-medium">{profile.fullname}</span>
        {role ? <span className="max-w-40 truncate text-xs text-muted-foreground">{role}</span> : null}
      </span>
      <ChevronDown className="hidden size-4 text-muted-foreground md:block" aria-hidden="true" />
    </>
  );
}

/** The top bar's user menu: name, avatar, Settings, and Sign out (a real POST form to /logout). */
export function UserMenu({ user, className }: { user: PublicUser; className?: string }) {
  const { requested, request, intent } = useOnDemand(UserMenuDropdown);
  const button = (
    <button
      type="button"
      className={cn(userMenuTriggerClass, className)}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      data-testid="user-menu-trigger"
      onClick={request}
      {...intent}
    >
      <UserMenuTriggerContent user={user} />
    </button>
  );
  return (
    <>
      {requested ? (
        <React.Suspense fallback={button}>
          <UserMenuDropdown user={user} className={className} />
        </React.Suspense>
      ) : (
        button
      )}
      {/* Without JavaScript the menu cannot open: sign-out stays reachable as a plain form. */}
      <noscript>
        <form method="post" action="/logout" className="inline">
          <CsrfInput />
          <button type="submit" className="ml-1 rounded-md border px-2 py-1 text-sm font-medium">
            {m.shell_sign_out()}
          </button>
        </form>
      </noscript>
    </>
  );
}
