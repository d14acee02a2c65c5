import * as React from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { FieldErrors } from "~/components/resource/form-field";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { AccessDialog, DialogActions } from "./dialog";
import { OneTimeSecret } from "./copy-button";
import { m } from "@domain/i18n";

// "Reset password" (spec §2.4 modal kinds reset and reset_password): a generated password, shown
// once with Copy, or one typed here. Either way every session of the account ends.

export interface ResetActionData {
  reset?: { id: number; password?: string; message: string };
  resetErrors?: Record<string, string[]>;
}

export function ResetPasswordDialog({
  record,
  closeHref,
  returnTo,
  intent = "reset",
}: {
  record: { id: number; name?: unknown; username?: unknown };
  closeHref: string;
  returnTo: string;
  intent?: string;
}) {
  const actionData = useActionData() as ResetActionData | undefined;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [mode, setMode] = React.useState<"generate" | "type">(actionData?.resetErrors ? "type" : "generate");
  const who = String(record.name ?? record.username ?? m.admin_user_number({ id: record.id }));
  const done = actionData?.reset?.id === record.id ? actionData.reset : null;

  if (done) {
    return (
      <AccessDialog title={m.admin_reset_done_title()} description={m.admin_reset_done_description({ message: done.message, name: who })} closeHref={closeHref} testId="reset-dialog">
        <div className="flex flex-col gap-4 px-5 py-4">
          {done.password ? <OneTimeSecret value={done.password} label={m.admin_reset_new_password_of({ name: who })} /> : <p className="text-sm">{m.admin_reset_typed_in_use()}</p>}
        </div>
        <DialogActions>
          <Link to={closeHref} preventScrollReset className={buttonVariants()} data-autofocus>
            {m.admin_done()}
          </Link>
        </DialogActions>
      </AccessDialog>
    );
  }

  const errors = actionData?.resetErrors;
  return (
    <AccessDialog
      title={m.admin_reset_password()}
      description={m.admin_reset_description({ name: who })}
      closeHref={closeHref}
      role="alertdialog"
      testId="reset-dialog"
    >
      <Form method="post" preventScrollReset className="flex flex-col">
        <CsrfInput />
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={String(record.id)} />
        <input type="hidden" name="_return" value={returnTo} />
        <fieldset className="flex flex-col gap-3 px-5 py-4">
          <legend className="sr-only">{m.admin_reset_new_password()}</legend>
          <label htmlFor="reset-mode-generate" className="flex items-start gap-2 text-sm">
            <input id="reset-mode-generate" type="radio" name="mode" value="generate" checked={mode === "generate"} onChange={() => setMode("generate")} className="mt-0.5 accent-primary-ink" />
            <span className="font-medium">
              {m.admin_reset_generate()} <span className="block font-normal text-muted-foreground">{m.admin_reset_generate_hint()}</span>
            </span>
          </label>
          <label htmlFor="reset-mode-type" className="flex items-start gap-2 text-sm">
            <input id="reset-mode-type" type="radio" name="mode" value="type" checked={mode === "type"} onChange={() => setMode("type")} className="mt-0.5 accent-primary-ink" />
            <span className="font-medium">{m.admin_reset_type()}</span>
          </label>
          <div className="flex flex-col gap-1.5 pl-6">
            <Label htmlFor="reset-password" className="sr-only">
              {m.admin_reset_new_password()}
            </Label>
            <Input
              id="reset-password"
              name="password"
              type="text"
              autoComplete="new-password"
              spellCheck={false}
              className="font-mono"
              placeholder={m.admin_reset_placeholder()}
              aria-invalid={errors?.password ? true : undefined}
              aria-describedby={errors?.password ? "reset-password-error" : undefined}
              onFocus={() => setMode("type")}
            />
            <FieldErrors id="reset-password-error" errors={errors?.password ?? errors?.id} />
          </div>
        </fieldset>
        <DialogActions>
          <Link to={closeHref} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            {m.admin_cancel()}
          </Link>
          <Button type="submit" variant="destructive" disabled={submitting} data-autofocus>
            {submitting ? <Spinner size="sm" label={m.admin_resetting()} /> : null}
            {m.admin_reset_password()}
          </Button>
        </DialogActions>
      </Form>
    </AccessDialog>
  );
}
