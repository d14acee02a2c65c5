import { Toaster as Sonner, type ToasterProps } from "sonner";
import { useResolvedTheme } from "~/lib/ui-color-mode";

/** Stacked notifications (spec §2.2); app.css hides them in print. Mounted once in root.tsx. */
export function Toaster(props: ToasterProps) {
  const theme = useResolvedTheme();
  return (
    <Sonner
      theme={theme}
      position="top-right"
      closeButton
      // Below the top bar, so that toasts never cover the account menu.
      offset={{ top: "4rem", right: "1rem" }}
      mobileOffset={{ top: "4rem" }}
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
