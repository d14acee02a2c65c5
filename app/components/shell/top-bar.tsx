import { isHubUser } from "@domain/permissions";
import type { PublicUser } from "@domain/session-user";
import { ColorModeToggle } from "./color-mode-toggle";
import { FullscreenToggle } from "./fullscreen-toggle";
import { NotificationsButton } from "~/features/notifications/bell";
import { ResidentSearch, type ResidentSearchProps } from "./resident-search";
import { SidebarToggle } from "./sidebar-toggle";
import { UserMenu } from "./user-menu";

/** The top bar (spec §2.2): sidebar toggle, resident search, notifications, fullscreen, colour mode, user menu. */
export function TopBar({ user, search }: { user: PublicUser; search?: ResidentSearchProps }) {
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:gap-3 lg:px-5">
      <SidebarToggle />
      {/* The hub's users read no barangay's residents (decision 209): no resident search for them. */}
      {isHubUser(user) ? <div className="flex-1" /> : <ResidentSearch className="w-full max-w-md flex-1" {...search} />}
      <div className="ml-auto flex shrink-0 items-center gap-0.5 sm:gap-1">
        <NotificationsButton />
        <FullscreenToggle className="hidden sm:inline-flex" />
        <ColorModeToggle />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
