import { Form, Link, useActionData, useNavigation } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { FieldErrors } from "~/components/resource/form-field";
import { Button, buttonVariants } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Spinner } from "~/components/ui/spinner";
import { deleteConfirmation } from "@domain/registry/messages";
import type { ResourceDef } from "@domain/registry/types";
import { AccessDialog, DialogActions } from "./dialog";
import { m } from "@domain/i18n";

// Deleting a role (spec §8: "... This action cannot be undone."). A role in use names its members
// and asks to confirm that they lose it.

type Member = { id: number; fullname: string; username?: string | null };

export function RoleDeleteDialog({
  def,
  record,
  closeHref,
  returnTo,
}: {
  def: ResourceDef;
  record: Record<string, unknown> & { id: number };
  closeHref: string;
  returnTo: string;
}) {
  const actionData = useActionData() as { confirmError?: string } | undefined;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  const members = (record.members as Member[] | undefined) ?? [];
  const name = String(record.name ?? m.admin_role_number({ id: record.id }));
  return (
    <AccessDialog
      title={m.admin_role_delete_title()}
      description={deleteConfirmation(def, name)}
      closeHref={closeHref}
      role="alertdialog"
      testId="resource-modal"
    >
      <Form method="post" preventScrollReset className="flex flex-col">
        <CsrfInput />
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={String(record.id)} />
        <input type="hidden" name="_return" value={returnTo} />
        {members.length ? (
          <div className="flex flex-col gap-3 px-5 py-4">
            <p className="text-sm">
              {members.length === 1 ? m.admin_role_delete_members_one() : m.admin_role_delete_members_other({ count: members.length })}
            </p>
            <ul
              className="max-h-40 list-disc overflow-y-auto pl-5 text-sm"
              data-testid="role-members"
              tabIndex={members.length > 6 ? 0 : undefined}
              aria-label={m.admin_role_members_of()}
            >
              {members.map((member) => (
                <li key={member.id}>
                  {member.fullname}
                  {member.username ? <span className="text-muted-foreground"> (@{member.username})</span> : null}
                </li>
              ))}
            </ul>
            <label className="flex items-start gap-2 text-sm font-medium">
              <Checkbox
                name="confirm_members"
                value="1"
                required
                className="mt-0.5"
                aria-describedby={actionData?.confirmError ? "confirm-members-error" : undefined}
              />
              {members.length === 1 ? m.admin_role_delete_confirm_one() : m.admin_role_delete_confirm_other({ count: members.length })}
            </label>
            <FieldErrors id="confirm-members-error" errors={actionData?.confirmError ? [actionData.confirmError] : undefined} />
          </div>
        ) : null}
        <DialogActions>
          <Link to={closeHref} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            {m.admin_cancel()}
          </Link>
          <Button type="submit" variant="destructive" disabled={submitting} data-autofocus>
            {submitting ? <Spinner size="sm" label={m.admin_deleting()} /> : null}
            {m.admin_delete()}
          </Button>
        </DialogActions>
      </Form>
    </AccessDialog>
  );
}
