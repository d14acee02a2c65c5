import { useEffect, useSyncExternalStore } from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";
import { toasterReady } from "@domain/notify";
import { useResolvedTheme } from "~/lib/ui-color-mode";
import { m } from "@domain/i18n";

/**
 * Stacked notifications (spec §2.2); app.css hides them in print. Mounted once in root.tsx, after
 * hydration and from its own chunk.
 */
/** Sonner lays toasts full width below 600 px; there the top is where they cover least. */
const PHONE = "(max-width: 600px)";

function subscribePhone(onChange: () => void): () => void {
  const query = matchMedia(PHONE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

export function Toaster(props: ToasterProps) {
  const theme = useResolvedTheme();
  const phone = useSyncExternalStore(
    subscribePhone,
    () => matchMedia(PHONE).matches,
    () => false,
  );
  // Sonner's own effect (a child's) has subscribed by now: toasts asked for earlier may go out.
  useEffect(() => toasterReady(), []);
  return (
    <Sonner
      theme={theme}
      // Bottom right: the top right holds the page's action buttons (Create, Export, Edit), which a
      // toast there covered (decision 161); the account menu stays clear too. On a phone a toast
      // is full width, and at the bottom it covered the submit button of the form being filled
      // (a live notification over "Remit"): there it comes down over the top bar instead.
      position={phone ? "top-center" : "bottom-right"}
      closeButton
      offset={{ bottom: "1rem", right: "1rem" }}
      mobileOffset={{ top: "0.5rem", bottom: "1rem" }}
      containerAriaLabel={m.shell_notifications_region()}
      toastOptions={{ closeButtonAriaLabel: m.shell_toast_close() }}
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
