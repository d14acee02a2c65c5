import { WifiOff } from "lucide-react";
import { useOnline } from "~/lib/shell-online";
import { m } from "@domain/i18n";

/** The offline header's text (spec §4), in the current language. */
export const OFFLINE_TEXT = m.shell_offline;

/** The offline header (spec §2.2, §4 "Offline"): shown while the browser is offline. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="no-print flex items-center justify-center gap-2 bg-stone-900 px-4 py-1.5 text-sm font-medium text-white dark:bg-stone-100 dark:text-stone-900"
    >
      <WifiOff className="size-4" aria-hidden="true" />
      <span>{OFFLINE_TEXT()}</span>
    </div>
  );
}
