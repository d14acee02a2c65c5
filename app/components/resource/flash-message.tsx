import { CircleCheck, Info, RotateCcw, Trash2, TriangleAlert } from "lucide-react";
import * as React from "react";
import { Form, useLocation, useSubmit } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { notify, toastKind, type NotificationType } from "@domain/notify";
import { useRootData } from "~/lib/root-data";
import { useHydrated } from "./use-hydrated";
import { m } from "@domain/i18n";

// The one-shot message after a post (DESIGN §8). With JavaScript: a toast (icon rule of spec §4),
// with Undo on a delete where the entry offers it (the undo posts intent=undo). Without JavaScript
// the server renders the same message as an alert above the table; after hydration the toast
// replaces it.

export interface FlashData {
  message: string;
  type: "create" | "success" | "delete" | "restore" | "info" | "invalid";
  undo?: { resource: string; id: number; ids?: number[] };
}

const ICONS = { success: CircleCheck, error: Trash2, warning: RotateCcw, info: Info } as const;
const VARIANTS = { success: "success", error: "destructive", warning: "warning", info: "info" } as const;

export function FlashMessage({ flash }: { flash: FlashData | null }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const root = useRootData();
  const { search } = useLocation();
  const shown = React.useRef<FlashData | null>(null);
  const latest = React.useRef({ submit, csrf: root?.csrfToken ?? "", search });
  React.useEffect(() => {
    latest.current = { submit, csrf: root?.csrfToken ?? "", search };
  });

  React.useEffect(() => {
    if (!hydrated || !flash || shown.current === flash) return;
    shown.current = flash;
    const undo = flash.undo;
    notify({
      title: flash.message,
      type: flash.type as NotificationType,
      undo: undo
        ? () => {
            const { submit: send, csrf, search: returnTo } = latest.current;
            const form = new FormData();
            form.set("intent", "undo");
            form.set("id", String(undo.id));
            if (undo.ids?.length) form.set("ids", undo.ids.join(","));
            form.set("_csrf", csrf);
            form.set("_return", returnTo);
            void send(form, { method: "post", preventScrollReset: true });
          }
        : undefined,
    });
  }, [hydrated, flash]);

  if (hydrated || !flash) return null;
  const kind = toastKind(flash.type as NotificationType);
  const Icon = kind === "warning" ? TriangleAlert : ICONS[kind];
  return (
    <Alert role="status" variant={VARIANTS[kind]} data-testid="flash-message">
      <Icon aria-hidden="true" />
      <p className="flex-1 font-medium">{flash.message}</p>
      {flash.undo ? (
        <Form method="post" preventScrollReset className="-my-1">
          <CsrfInput />
          <input type="hidden" name="intent" value="undo" />
          <input type="hidden" name="id" value={String(flash.undo.id)} />
          {flash.undo.ids?.length ? <input type="hidden" name="ids" value={flash.undo.ids.join(",")} /> : null}
          <input type="hidden" name="_return" value={search} />
          <Button type="submit" size="sm" variant="outline">
            {m.resource_flash_undo()}
          </Button>
        </Form>
      ) : null}
    </Alert>
  );
}
