import { Activity, LogOut, Settings } from "lucide-react";
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
import { can, SYSTEM_ADMIN_PERMISSION } from "@domain/permissions";
import type { PublicUser } from "@domain/session-user";
import { cn } from "~/lib/utils";
import { UserAvatar } from "./user-avatar";
import { userMenuTriggerClass, UserMenuTriggerContent } from "./user-menu";
import { m } from "@domain/i18n";

/** The user menu's Radix part, its own chunk, mounted open by the first click (user-menu.tsx). */
export function UserMenuDropdown({ user, className }: { user: PublicUser; className?: string }) {
  const profile = user.user_profile;
  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger className={cn(userMenuTriggerClass, className)} data-testid="user-menu-trigger">
        <UserMenuTriggerContent user={user} />
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
            {m.shell_user_menu_settings()}
          </Link>
        </DropdownMenuItem>
        {can(user, SYSTEM_ADMIN_PERMISSION) ? (
          <DropdownMenuItem asChild>
            <Link to="/test">
              <Activity aria-hidden="true" />
              {m.shell_user_menu_diagnostics()}
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
              {m.shell_sign_out()}
            </button>
          </DropdownMenuItem>
        </Form>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
