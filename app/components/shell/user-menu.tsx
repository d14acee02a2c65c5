import { Activity, ChevronDown, LogOut, Settings } from "lucide-react";
import { Form, Link } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { can, SYSTEM_ADMIN_PERMISSION } from "~/lib/permissions";
import type { PublicUser } from "~/lib/session-user";
import { cn } from "~/lib/utils";
import { UserAvatar } from "./user-avatar";

/** The top bar's user menu: name, avatar, Settings, and Sign out (a real POST form to /logout). */
export function UserMenu({ user, className }: { user: PublicUser; className?: string }) {
  const profile = user.user_profile;
  const role = user.roles[0]?.name;
  return (
    <>
      {/* Not modal: a modal menu hides the page with aria-hidden while it keeps focusable content. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          className={cn(
            "flex h-9 items-center gap-2 rounded-md px-1.5 text-sm hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[state=open]:bg-accent",
            className,
          )}
          data-testid="user-menu-trigger"
        >
          <span className="sr-only">Account menu:</span>
          <UserAvatar profile={profile} className="size-7" decorative />
          <span className="hidden max-w-40 flex-col items-start leading-tight md:flex">
            <span className="max-w-40 truncate font-medium">{profile.fullname}</span>
            {role ? <span className="max-w-40 truncate text-xs text-muted-foreground">{role}</span> : null}
          </span>
          <ChevronDown className="hidden size-4 text-muted-foreground md:block" aria-hidden="true" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuLabel className="flex items-center gap-3 font-normal">
            <UserAvatar profile={profile} className="size-9" decorative />
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-medium">{profile.fullname}</span>
              <span className="truncate text-xs text-muted-foreground">{user.username ?? user.email}</span>
            </span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to="/system/settings">
              <Settings aria-hidden="true" />
              Settings
            </Link>
          </DropdownMenuItem>
          {can(user, SYSTEM_ADMIN_PERMISSION) ? (
            <DropdownMenuItem asChild>
              <Link to="/test">
                <Activity aria-hidden="true" />
                Diagnostics
              </Link>
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuSeparator />
          <Form method="post" action="/logout" data-testid="logout-form">
            <CsrfInput />
            {/* Keep the menu open on select so the button stays in the page while the form submits. */}
            <DropdownMenuItem asChild onSelect={(event) => event.preventDefault()}>
              <button type="submit" className="w-full">
                <LogOut aria-hidden="true" />
                Sign out
              </button>
            </DropdownMenuItem>
          </Form>
        </DropdownMenuContent>
      </DropdownMenu>
      {/* Without JavaScript the menu cannot open: sign-out stays reachable as a plain form. */}
      <noscript>
        <form method="post" action="/logout" className="inline">
          <CsrfInput />
          <button type="submit" className="ml-1 rounded-md border px-2 py-1 text-sm font-medium">
            Sign out
          </button>
        </form>
      </noscript>
    </>
  );
}
