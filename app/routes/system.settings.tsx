import { Bell, ShieldCheck, UserRound } from "lucide-react";
import { NavLink, Outlet } from "react-router";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { usePrefetchMode } from "~/lib/prefetch";
import { cn } from "~/lib/utils";
import { m } from "@domain/i18n";

// /system/settings (spec §2.1, §2.3: everyone): the signed-in user's own account, notifications
// and security, each a child page.

// The labels are message functions, called when rendering (the language is per request).
const LINKS = [
  { to: "/system/settings/account", label: m.shell_settings_account, Icon: UserRound },
  { to: "/system/settings/notifications", label: m.shell_settings_notifications, Icon: Bell },
  { to: "/system/settings/security", label: m.shell_settings_security, Icon: ShieldCheck },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex shrink-0 items-center gap-2 rounded-md px-3 py-2 text-sm whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
    isActive ? "bg-accent font-medium text-accent-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
  );

export default function SettingsLayout() {
  const prefetch = usePrefetchMode();
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{m.shell_settings_title()}</h1>
        <p className="text-sm text-muted-foreground">{m.shell_settings_description()}</p>
      </div>
      <div className="flex flex-col gap-5 lg:flex-row lg:items-start lg:gap-6">
        <nav
          aria-label={m.shell_settings_title()}
          className="-mx-4 border-b sm:-mx-6 lg:sticky lg:top-20 lg:mx-0 lg:w-52 lg:shrink-0 lg:border-b-0"
          data-testid="settings-nav"
        >
          <ul className="flex gap-1 overflow-x-auto px-4 pb-2 sm:px-6 lg:flex-col lg:px-0 lg:pb-0">
            {LINKS.map(({ to, label, Icon }) => (
              <li key={to}>
                <NavLink to={to} prefetch={prefetch} className={linkClass}>
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  {label()}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-1 flex-col gap-5">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
