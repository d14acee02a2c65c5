import type { ComponentProps } from "react";
import { ModalShell } from "~/components/resource/modal-shell";

// The dialogs of the access pages are the list's modal shell (DESIGN §8): open while the address
// says so (?modal=reset&id=7), rendered in place (no portal) so the server renders it too, and
// closed by navigating to `closeHref` — a plain link without JavaScript.

export { DialogActions } from "~/components/resource/modal-shell";

export function AccessDialog({ testId = "access-dialog", ...props }: ComponentProps<typeof ModalShell>) {
  return <ModalShell testId={testId} {...props} />;
}
