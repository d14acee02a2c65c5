import { KeyRound, Menu, Search } from "lucide-react";
import * as React from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { trpc } from "~/lib/trpc-client";
import { m } from "@domain/i18n";

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
          <DialogTitle>{m.shell_welcome_title({ firstname })}</DialogTitle>
          <DialogDescription>{m.shell_welcome_description()}</DialogDescription>
        </DialogHeader>
        <ul className="flex flex-col gap-3 text-sm">
          <li className="flex gap-3">
            <Menu className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span>{m.shell_welcome_menu()}</span>
          </li>
          {searchesResidents ? (
            <li className="flex gap-3">
              <Search className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span>
                {m.shell_welcome_search_press()}{" "}
                {/* eslint-disable-next-line i18next/no-literal-string -- the keys' names on the keyboard */}
                <kbd className="rounded border bg-muted px-1 text-xs">Ctrl</kbd> +{" "}
                <kbd className="rounded border bg-muted px-1 text-xs">K</kbd> {m.shell_welcome_search_rest()}
              </span>
            </li>
          ) : null}
          <li className="flex gap-3">
            <KeyRound className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span>{m.shell_welcome_password()}</span>
          </li>
        </ul>
        <DialogFooter>
          <Button type="button" onClick={() => void acknowledge()} disabled={busy}>
            {m.shell_welcome_got_it()}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
