import { Spinner } from "~/components/ui/spinner";
import { useClientState } from "~/lib/client-state";
import { m } from "@domain/i18n";

/** The centred "Loading..." spinner shown while the global loading flag is set (spec §2.2). */
export function LoadingOverlay() {
  const loading = useClientState((s) => s.loading);
  if (!loading) return null;
  return (
    <div data-testid="loading-overlay" className="no-print pointer-events-none fixed inset-0 z-[60] flex items-center justify-center">
      <div className="flex items-center gap-3 rounded-lg border bg-popover px-5 py-3 text-popover-foreground shadow-lg">
        <Spinner size="2x" label={m.shell_loading()} showLabel className="text-sm font-medium [&>svg]:text-primary" />
      </div>
    </div>
  );
}
