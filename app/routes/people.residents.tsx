import { Copy, KeyRound } from "lucide-react";
import { data, Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/people.residents";
import { DialogActions, FormAlert, HiddenFields, PeopleDialog, useSubmitting } from "~/features/people/dialog";
import { ResidentForm, type DuplicateInfo } from "~/features/people/resident-form";
import { useOwnModals } from "~/components/resource/own-modals";
import { ResourcePage } from "~/components/resource/resource-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { buttonVariants } from "~/components/ui/button";
import { can } from "~/lib/permissions";
import { useRootData } from "~/lib/root-data";
import { pageTitle } from "~/lib/titles";
import { getResource } from "~/resources/index";
import { resourceLoader } from "../../server/web/resource-page.server.ts";
import { serviceContextOf } from "../../server/web/page-kit.server.ts";
import { optionsFor, residentAction, type ResidentActionData } from "../../server/features/people/pages.server.ts";

// /manage/residents (spec §2.4, issue 4): the registry's list of residents, with the RBI form
// (create, update: the duplicate warning and the photo) and the reset of a resident's password.

const OWN_MODALS = new Set(["create", "update", "reset"]);

export async function loader(args: Route.LoaderArgs) {
  const result = await resourceLoader(args);
  const modal = result.data.modal;
  const options =
    modal === "create" || modal === "update"
      ? await optionsFor(serviceContextOf(args.context), ["purok", "religion", "occupation"]).then((o) => ({
          "user_profile.purok_id": o.purok,
          "user_profile.religion_id": o.religion,
          "user_profile.occupation_id": o.occupation,
        }))
      : result.data.options;
  return data({ ...result.data, options }, result.init ?? undefined);
}

export function action(args: Route.ActionArgs) {
  return residentAction(args);
}

export function meta() {
  return [{ title: pageTitle("manage-residents") }];
}

export default function ResidentsPage({ loaderData }: Route.ComponentProps) {
  const def = getResource("resident");
  const root = useRootData();
  const user = root?.user;
  const actionData = useActionData() as ResidentActionData | undefined;
  // A record that is not there: the list's own modal says so ("… not found").
  const { modal, page, closeHref, record, search } = useOwnModals(loaderData, OWN_MODALS, { recordRequired: true });
  const canCreate = can(user, "create-resident");
  const canUpdate = can(user, "update-resident");

  // The create and update dialogs are one: the resident form with its duplicate warning.
  const formIntent = modal === "create" && canCreate ? "create" : modal === "update" && canUpdate && record ? "update" : null;

  return (
    <>
      {actionData?.refusal ? <FormAlert>{actionData.refusal}</FormAlert> : null}
      <ResourcePage def={def} data={page} />
      {formIntent ? (
        <PeopleDialog
          title={formIntent === "create" ? "Register resident" : "Edit resident"}
          description={
            formIntent === "update" && record ? (
              <Link to={`/manage/residents/${record.id}/profile`} className="underline underline-offset-2">
                Open {String(record.name)}'s page
              </Link>
            ) : (
              "The Record of Barangay Inhabitants (RBI). Fields marked * are required."
            )
          }
          closeHref={closeHref}
          size="lg"
        >
          <ResidentForm
            key={`${formIntent}-${record?.id ?? "new"}`}
            intent={formIntent}
            record={formIntent === "update" ? record : null}
            options={loaderData.options}
            returnTo={search}
            closeHref={closeHref}
            lastResult={actionData?.result}
            duplicates={actionData?.duplicates as DuplicateInfo[] | undefined}
          />
        </PeopleDialog>
      ) : null}
      {modal === "reset" && record && can(user, "delete-resident") ? (
        <ResetDialog record={record} closeHref={closeHref} returnTo={search} reset={actionData?.reset} refusal={actionData?.refusal} />
      ) : null}
    </>
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
  const name = String(record.name ?? `resident #${record.id}`);
  return (
    <PeopleDialog
      title="Reset password"
      description={`A new sign-in password for ${name}. Their open sessions end.`}
      closeHref={closeHref}
      role="alertdialog"
      testId="reset-dialog"
    >
      {reset && reset.id === record.id ? (
        <div className="flex flex-col gap-3 px-5 py-4">
          <p className="text-sm">Successfully reset. Give these to {name}; the password is not shown again.</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md border bg-muted/40 px-3 py-2 font-mono text-sm">
            <dt className="text-muted-foreground">Username</dt>
            <dd>{reset.username}</dd>
            <dt className="text-muted-foreground">Password</dt>
            <dd data-testid="new-password">{reset.password}</dd>
          </dl>
          <button
            type="button"
            className={buttonVariants({ variant: "outline", size: "sm" }) + " self-start"}
            onClick={() => navigator.clipboard?.writeText(reset.password).catch(() => undefined)}
          >
            <Copy aria-hidden="true" />
            Copy password
          </button>
          <Link to={closeHref} className={buttonVariants() + " self-end"}>
            Done
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
            {record.username ? `Username: ${String(record.username)}` : "This resident has no sign-in account yet."}
          </p>
          <DialogActions closeHref={closeHref} submitting={submitting} label="Reset password" />
        </Form>
      )}
    </PeopleDialog>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
