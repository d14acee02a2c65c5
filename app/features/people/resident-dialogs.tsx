import { Copy, KeyRound } from "lucide-react";
import { Form, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { DialogActions, FormAlert, HiddenFields, PeopleDialog, useSubmitting } from "./dialog";
import { ResidentForm, type ResidentFormProps } from "./resident-form";
import { m } from "@domain/i18n";

// The dialogs of /manage/residents (routes/people.residents.tsx): the RBI form (create, update,
// with the duplicate warning and the photo) and the reset of a resident's password. Their own
// chunk, fetched when one opens (decision 177); the server renders them complete at once.

/** The create and update dialogs are one: the resident form with its duplicate warning. */
export function ResidentFormDialog(props: ResidentFormProps) {
  const { intent, record, closeHref } = props;
  return (
    <PeopleDialog
      title={intent === "create" ? m.people_resident_dialog_create_title() : m.people_resident_dialog_update_title()}
      description={
        intent === "update" && record ? (
          <Link to={`/manage/residents/${record.id}/profile`} className="underline underline-offset-2">
            {m.people_resident_dialog_open_page({ name: String(record.name) })}
          </Link>
        ) : (
          m.people_resident_dialog_description()
        )
      }
      closeHref={closeHref}
      size="lg"
    >
      <ResidentForm key={`${intent}-${record?.id ?? "new"}`} {...props} record={intent === "update" ? record : null} />
    </PeopleDialog>
  );
}

/** Spec §2.4 "reset": a new sign-in password for a resident who has an account, shown once. */
export function ResetDialog({
  record,
  closeHref,
  returnTo,
  reset,
  refusal,
}: {
  record: Record<string, unknown> & { id: number };
  closeHref: string;
  returnTo: string;
  reset?: { username: string; password: string; id: number };
  refusal?: string;
}) {
  const submitting = useSubmitting("reset");
  const name = String(record.name ?? m.people_resident_number({ id: record.id }));
  return (
    <PeopleDialog
      title={m.people_reset_title()}
      description={m.people_reset_description({ name })}
      closeHref={closeHref}
      role="alertdialog"
      testId="reset-dialog"
    >
      {reset && reset.id === record.id ? (
        <div className="flex flex-col gap-3 px-5 py-4">
          <p className="text-sm">{m.people_reset_done({ name })}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md border bg-muted/40 px-3 py-2 font-mono text-sm">
            <dt className="text-muted-foreground">{m.people_reset_username()}</dt>
            <dd>{reset.username}</dd>
            <dt className="text-muted-foreground">{m.people_reset_password()}</dt>
            <dd data-testid="new-password">{reset.password}</dd>
          </dl>
          <button
            type="button"
            className={buttonVariants({ variant: "outline", size: "sm" }) + " self-start"}
            onClick={() => navigator.clipboard?.writeText(reset.password).catch(() => undefined)}
          >
            <Copy aria-hidden="true" />
            {m.people_reset_copy()}
          </button>
          <Link to={closeHref} className={buttonVariants() + " self-end"}>
            {m.people_done()}
          </Link>
        </div>
      ) : (
        <Form method="post" preventScrollReset className="flex flex-col">
          <HiddenFields intent="reset" id={record.id} returnTo={returnTo} />
          {refusal ? (
            <div className="px-5 pt-4">
              <FormAlert>{refusal}</FormAlert>
            </div>
          ) : null}
          <p className="flex items-center gap-2 px-5 py-4 text-sm">
            <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
            {record.username ? m.people_reset_username_is({ username: String(record.username) }) : m.people_reset_no_account()}
          </p>
          <DialogActions closeHref={closeHref} submitting={submitting} label={m.people_reset_title()} />
        </Form>
      )}
    </PeopleDialog>
  );
}
