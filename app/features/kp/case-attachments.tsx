import { Paperclip, Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { FieldErrors } from "~/components/resource/field-parts";
import { DialogActions, ModalShell, useSubmitting } from "~/components/resource/modal-shell";
import { FormAlert } from "~/components/resource/form-basics";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { formatDate } from "~/lib/reader-dates";
import { m } from "@domain/i18n";
import type { CasePage, StepRefusal } from "~/routes/kp.case";

// The case's files (the scanned complaint, minutes, evidence): each downloads through the KP REST
// read (which checks the reader and logs the download); a holder of update-kp_case attaches one
// here (a PDF or an image, at most 5 MB: the service decides) and removes one with a reason, in a
// dialog kept in the address (?remove=ID) so it works without JavaScript.

/** A date as the list shows it (the format's name kept out of the JSX the i18n rule reads). */
const mediumDate = (value: string) => formatDate(value, "medium");

function sizeOf(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function CaseAttachments({
  caseId,
  attachments,
  mayChange,
  refusal,
  removing,
}: {
  caseId: number;
  attachments: CasePage["attachments"];
  mayChange: boolean;
  refusal: StepRefusal | null;
  removing: number | null;
}) {
  const here = `/manage/kp/cases/${caseId}`;
  const uploadRefused = refusal?.step === "attach" ? refusal : null;
  const submitting = useSubmitting("attach");
  const removed = attachments.find((a) => a.id === removing);
  return (
    <section aria-labelledby="case-attachments" className="rounded-lg border bg-card p-4 text-sm" data-testid="case-attachments">
      <h2 id="case-attachments" className="mb-2 font-semibold">
        {m.office_kp_attach_title()}
      </h2>
      {attachments.length === 0 ? (
        <p className="text-muted-foreground">{m.office_kp_attach_none()}</p>
      ) : (
        <ul className="flex flex-col divide-y">
          {attachments.map((a) => (
            <li key={a.id} className="flex min-w-0 items-center gap-2 py-1.5" data-testid="case-attachment">
              <Paperclip aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <span className="flex min-w-0 flex-1 flex-col">
                <a
                  href={`/backend/api/kp_case/${caseId}/attachment/${a.id}`}
                  className="truncate underline underline-offset-4"
                  download={a.file_name}
                >
                  {a.file_name}
                </a>
                <span className="text-xs text-muted-foreground">
                  {sizeOf(a.size)} · {mediumDate(a.created_at)}
                  {a.description ? ` · ${a.description}` : ""}
                </span>
              </span>
              {mayChange ? (
                <Link
                  to={`${here}?remove=${a.id}`}
                  preventScrollReset
                  className={buttonVariants({ variant: "ghost", size: "icon" })}
                  aria-label={m.office_kp_attach_remove_label({ name: a.file_name })}
                >
                  <Trash2 aria-hidden="true" className="text-destructive" />
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {mayChange ? (
        <Form
          method="post"
          action={here}
          encType="multipart/form-data"
          preventScrollReset
          className="mt-3 flex flex-col gap-2 border-t pt-3"
          data-testid="attach-form"
        >
          <CsrfInput />
          <input type="hidden" name="intent" value="attach" />
          {uploadRefused && !Object.keys(uploadRefused.errors).length ? <FormAlert>{uploadRefused.message}</FormAlert> : null}
          <div className="grid gap-2 sm:grid-cols-2">
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor="attach-file">{m.office_kp_attach_file()}</Label>
              <Input
                id="attach-file"
                name="file"
                type="file"
                required
                accept="application/pdf,image/jpeg,image/png,image/webp"
                aria-invalid={uploadRefused?.errors.file ? true : undefined}
                aria-describedby={uploadRefused?.errors.file ? "attach-file-error" : undefined}
              />
              <FieldErrors id="attach-file-error" errors={uploadRefused?.errors.file} />
            </div>
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor="attach-description">{m.office_kp_attach_description()}</Label>
              <Input
                id="attach-description"
                name="description"
                maxLength={255}
                placeholder={m.office_kp_attach_placeholder()}
                defaultValue={uploadRefused ? String(uploadRefused.values.description ?? "") : ""}
                aria-invalid={uploadRefused?.errors.description ? true : undefined}
              />
              <FieldErrors id="attach-description-error" errors={uploadRefused?.errors.description} />
            </div>
          </div>
          <Button type="submit" variant="outline" size="sm" className="self-start" disabled={submitting}>
            <Paperclip aria-hidden="true" />
            {m.office_kp_attach_button()}
          </Button>
        </Form>
      ) : null}
      {mayChange && removed ? (
        <ModalShell
          title={m.office_kp_attach_remove_title({ name: removed.file_name })}
          description={m.office_kp_attach_remove_description()}
          closeHref={here}
          role="alertdialog"
          testId="remove-dialog"
        >
          <Form method="post" action={`${here}?remove=${removed.id}`} preventScrollReset>
            <CsrfInput />
            <input type="hidden" name="intent" value="remove_attachment" />
            <input type="hidden" name="attachment" value={removed.id} />
            <div className="flex flex-col gap-1.5 px-5 py-4">
              <Label htmlFor="remove-reason">{m.office_common_reason()}</Label>
              <Textarea
                id="remove-reason"
                name="reason"
                rows={2}
                required
                defaultValue={refusal?.step === `remove:${removed.id}` ? String(refusal.values.reason ?? "") : ""}
                aria-invalid={refusal?.errors.reason ? true : undefined}
                aria-describedby={refusal?.errors.reason ? "remove-reason-error" : undefined}
              />
              <FieldErrors id="remove-reason-error" errors={refusal?.step === `remove:${removed.id}` ? refusal.errors.reason : undefined} />
            </div>
            <DialogActions>
              <Link to={here} preventScrollReset className={buttonVariants({ variant: "outline" })}>
                {m.office_common_cancel()}
              </Link>
              <Button type="submit" variant="destructive" className="dark:bg-red-700 dark:hover:bg-red-800">
                {m.office_common_remove()}
              </Button>
            </DialogActions>
          </Form>
        </ModalShell>
      ) : null}
    </section>
  );
}
