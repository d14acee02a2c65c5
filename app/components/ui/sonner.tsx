import { useEffect } from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";
import { toasterReady } from "@domain/notify";
import { useResolvedTheme } from "~/lib/ui-color-mode";

/**
 * Stacked notifications (spec §2.2); app.css hides them in print. Mounted once in root.tsx, after
 * hydration and from its own chunk (issue 17 item 5).
 */
export function Toaster(props: ToasterProps) {
  const theme = useResolvedTheme();
  // Sonner's own effect (a child's) has subscribed by now: toasts asked for earlier may go out.
  useEffect(() => toasterReady(), []);
  return (
    <Sonner
      theme={theme}
      // Bottom right: the top right holds the page's action buttons (Create, Export, Edit), which a
      // toast there covered (issue 16 item 8, decision 161); the account menu stays clear too.
      position="bottom-right"
      closeButton
      offset={{ bottom: "1rem", right: "1rem" }}
      mobileOffset={{ bottom: "1rem" }}
      containerAriaLabel="Notifications"
      className="toaster group"
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}
