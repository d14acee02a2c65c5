import { KeyRound, Menu, Search } from "lucide-react";
import * as React from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { trpc } from "~/lib/trpc-client";

/**
 * The modal with a message for new users (spec §2.2): shown while the user's new_user flag is set;
 * "Got it" clears the flag through tRPC `auth.acknowledgeWelcome`.
 */
export function WelcomeDialog({
  firstname,
  isNewUser,
  searchesResidents = true,
}: {
  firstname: string;
  isNewUser: boolean;
  searchesResidents?: boolean;
}) {
  const [dismissed, setDismissed] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const revalidator = useRevalidator();
  const open = isNewUser && !dismissed;

  const acknowledge = async () => {
    setBusy(true);
    try {
      await trpc.auth.acknowledgeWelcome.mutate();
      void revalidator.revalidate();
    } catch {
      // The fetch wrapper has already told the user (spec §8); the dialog comes back next visit.
    } finally {
      setDismissed(true);
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setDismissed(false) : void acknowledge())}>
      <DialogContent data-testid="welcome-dialog" showCloseButton={false} onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Welcome to the Barangay Portal, {firstname}!</DialogTitle>
          <DialogDescription>Your account is ready. A few things that help on the first day:</DialogDescription>
        </DialogHeader>
        <ul className="flex flex-col gap-3 text-sm">
          <li className="flex gap-3">
            <Menu className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span>The menu on the left lists the records your role lets you open. The button at the top minimises it.</span>
          </li>
          {searchesResidents ? (
            <li className="flex gap-3">
              <Search className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span>
                Press <kbd className="rounded border bg-muted px-1 text-xs">Ctrl</kbd> +{" "}
                <kbd className="rounded border bg-muted px-1 text-xs">K</kbd> to search residents from any page.
              </span>
            </li>
          ) : null}
          <li className="flex gap-3">
            <KeyRound className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span>If you were given a temporary password, change it in Settings → Security.</span>
          </li>
        </ul>
        <DialogFooter>
          <Button type="button" onClick={() => void acknowledge()} disabled={busy}>
            Got it
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
