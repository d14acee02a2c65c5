import { PanelLeftClose, PanelLeftOpen, Menu } from "lucide-react";
import { cn } from "~/lib/utils";
import { SIDEBAR_ID, SIDEBAR_TOGGLE_ID, useSidebar } from "./sidebar-context";
import { m } from "@domain/i18n";

/**
 * The top bar's sidebar toggle. It is a link to #app-sidebar so that, without JavaScript, the
 * sidebar still opens on narrow screens (CSS :target); with JavaScript it toggles the state.
 */
export function SidebarToggle({ className }: { className?: string }) {
  const { open, minimized, toggle } = useSidebar();
  return (
    <a
      id={SIDEBAR_TOGGLE_ID}
      href={`#${SIDEBAR_ID}`}
      role="button"
      aria-controls={SIDEBAR_ID}
      aria-expanded={open}
      aria-label={m.shell_sidebar_toggle()}
      title={m.shell_sidebar_toggle()}
      data-minimized={minimized ? "true" : "false"}
      className={cn(
        "inline-flex size-9 shrink-0 items-center justify-center rounded-md text-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        className,
      )}
      onClick={(event) => {
        event.preventDefault();
        toggle();
      }}
      onKeyDown={(event) => {
        if (event.key === " ") {
          event.preventDefault();
          toggle();
        }
      }}
    >
      <Menu className="size-5 lg:hidden" aria-hidden="true" />
      {minimized ? (
        <PanelLeftOpen className="hidden size-5 lg:block" aria-hidden="true" />
      ) : (
        <PanelLeftClose className="hidden size-5 lg:block" aria-hidden="true" />
      )}
    </a>
  );
}
