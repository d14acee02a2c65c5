import { RefreshCw, Wrench } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { checkStatus } from "~/lib/api-client";
import { cn } from "~/lib/utils";
import { pageTitleOf } from "~/lib/titles";
import { m } from "@domain/i18n";

// The maintenance screen (spec §2.2, §4 "Maintenance mode"): it replaces the page content while
// maintenance is on. The server renders it for a 503 (root ErrorBoundary); in the browser the
// client flag shows it, and the status call is repeated so the screen leaves by itself.

export const MAINTENANCE_RECHECK_MS = 30_000;

function MaintenanceBody({ retry }: { retry: React.ReactNode }) {
  return (
    <>
      <span className="flex size-16 items-center justify-center rounded-full bg-primary text-primary-foreground">
        <Wrench className="size-8" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-semibold">{m.shell_maintenance_heading()}</h1>
      <p className="max-w-md text-muted-foreground">{m.shell_maintenance_body()}</p>
      {retry}
    </>
  );
}

/** While `active`, the status call runs again every 30 s, so the maintenance flag clears by itself. */
export function useMaintenanceRecheck(active = true): void {
  React.useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void checkStatus(), MAINTENANCE_RECHECK_MS);
    return () => clearInterval(timer);
  }, [active]);
}

/** The recheck above, plus a manual "Check again". */
function useStatusRecheck(): [boolean, () => void] {
  const [checking, setChecking] = React.useState(false);
  const check = React.useCallback(() => {
    setChecking(true);
    void checkStatus().finally(() => setChecking(false));
  }, []);
  useMaintenanceRecheck();
  return [checking, check];
}

function RecheckButton() {
  const [checking, check] = useStatusRecheck();
  return (
    <Button type="button" variant="outline" onClick={check} disabled={checking}>
      <RefreshCw aria-hidden="true" className={cn(checking && "animate-spin")} />
      {m.shell_maintenance_check_again()}
    </Button>
  );
}

/**
 * The whole page. `reloadTo` (the server's 503) makes "Check again" a plain link that reloads the
 * page; without it the button repeats the status call.
 */
export function MaintenanceScreen({ reloadTo }: { reloadTo?: string }) {
  return (
    <main id="main-content" data-testid="maintenance" className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{pageTitleOf(m.shell_title_maintenance())}</title>
      <MaintenanceBody
        retry={
          reloadTo ? (
            <Link
              reloadDocument
              to={reloadTo}
              className="inline-flex h-9 items-center gap-2 rounded-md border bg-background px-4 text-sm font-medium shadow-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <RefreshCw className="size-4" aria-hidden="true" />
              {m.shell_maintenance_check_again()}
            </Link>
          ) : (
            <RecheckButton />
          )
        }
      />
    </main>
  );
}

/** The same screen inside the staff shell, which keeps its own <main>, menu and sign-out. */
export function MaintenanceContent() {
  return (
    <div data-testid="maintenance" className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <MaintenanceBody retry={<RecheckButton />} />
    </div>
  );
}
