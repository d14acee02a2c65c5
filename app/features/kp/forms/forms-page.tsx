import { Form, Link, useNavigation } from "react-router";
import { Printer } from "lucide-react";
import { CsrfInput } from "~/components/csrf-input";
import { FlashMessage, type FlashData } from "~/components/resource/flash-message";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableContainer, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";
import { formatDate } from "@domain/dates";
import { LUPON_POSITION_LABELS } from "@domain/registry/kp";
import {
  KP_CASE_FORMS,
  KP_FORM_LANGUAGE_LABELS,
  KP_FORM_LANGUAGES,
  KP_FORM_PAPER_LABELS,
  KP_FORM_PAPERS,
  KP_LUPON_FORMS,
  kpLuponFormHref,
} from "@domain/kp/forms";
import type { ActionData, LoaderData } from "~/lib/route-data";
import type { action, loader } from "~/routes/kp.forms";

// /manage/kp/forms (decision 203): the barangay's language and paper for its KP forms, the Lupon
// formation forms (1–6) to print, and what issues each case form — a case's forms print from its
// own page, each once the case has taken its step.

const SELECT = "h-9 rounded-md border bg-background px-2 text-sm";

export function KpFormsScreen({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData<typeof loader>;
  actionData: ActionData<typeof action> | undefined;
}) {
  const { settings, mayChange, members } = loaderData;
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};
  const perMember = KP_LUPON_FORMS.filter((f) => f.perMember);
  const lists = KP_LUPON_FORMS.filter((f) => !f.perMember);
  return (
    <div className="flex flex-col gap-4">
      <FlashMessage flash={loaderData.flash as FlashData | null} />
      <div>
        <h1 className="text-2xl font-semibold">KP forms</h1>
        <p className="text-sm text-muted-foreground">
          The Katarungang Pambarangay forms, printed from the records in English or Filipino on A4, Letter or long bond.
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Language and paper</CardTitle>
          <CardDescription>What every KP form prints in unless the print bar switches it for one print.</CardDescription>
        </CardHeader>
        <Form method="post" data-testid="kp-forms-settings" noValidate>
          <CsrfInput />
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <label className="flex flex-col gap-1 text-sm font-medium">
              Language
              <select
                name="language"
                defaultValue={settings.language}
                disabled={!mayChange}
                className={SELECT}
                aria-invalid={!!errors.language}
              >
                {KP_FORM_LANGUAGES.map((l) => (
                  <option key={l} value={l}>
                    {KP_FORM_LANGUAGE_LABELS[l]}
                  </option>
                ))}
              </select>
              {errors.language ? <span className="text-destructive">{errors.language[0]}</span> : null}
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              Paper
              <select name="paper" defaultValue={settings.paper} disabled={!mayChange} className={SELECT} aria-invalid={!!errors.paper}>
                {KP_FORM_PAPERS.map((p) => (
                  <option key={p} value={p}>
                    {KP_FORM_PAPER_LABELS[p]}
                  </option>
                ))}
              </select>
              {errors.paper ? <span className="text-destructive">{errors.paper[0]}</span> : null}
            </label>
          </CardContent>
          {mayChange ? (
            <CardFooter className="mt-4">
              <Button type="submit" disabled={busy}>
                Save
              </Button>
            </CardFooter>
          ) : null}
        </Form>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Lupon formation</CardTitle>
          <CardDescription>Forms 1 and 4 list the members serving today; the others are one member's.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <div className="flex flex-wrap gap-2">
            {lists.map((f) => (
              <Link key={f.key} to={kpLuponFormHref(f.key)} className={buttonVariants({ variant: "outline", size: "sm" })}>
                <Printer aria-hidden="true" />
                Form {f.number}: {f.title.en}
              </Link>
            ))}
          </div>
          {members.length ? (
            <TableContainer className="rounded-md border">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Member</TableHead>
                    <TableHead className="hidden sm:table-cell">Term</TableHead>
                    <TableHead>Forms</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {members.map((m) => (
                    <TableRow key={m.id}>
                      <TableCell>
                        <span className="font-medium">{m.name}</span>
                        <span className="block text-xs text-muted-foreground">
                          {LUPON_POSITION_LABELS[m.position as keyof typeof LUPON_POSITION_LABELS] ?? m.position}
                        </span>
                      </TableCell>
                      <TableCell className="hidden sm:table-cell">
                        {formatDate(m.term_start)} – {m.term_end ? formatDate(m.term_end) : "serving"}
                      </TableCell>
                      <TableCell>
                        <div className="flex flex-wrap gap-1">
                          {perMember.map((f) => (
                            <Link
                              key={f.key}
                              to={kpLuponFormHref(f.key, { member: m.id })}
                              title={f.title.en}
                              className={cn(buttonVariants({ variant: "outline", size: "sm" }), "h-7 px-2")}
                            >
                              {f.number}
                            </Link>
                          ))}
                        </div>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : (
            <p className="text-sm text-muted-foreground">
              No Lupon member is recorded yet: add them under <Link to="/manage/kp/lupon">Lupong Tagapamayapa</Link>.
            </p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Case forms</CardTitle>
          <CardDescription>Printed from a case's page once the case has taken the step that issues them.</CardDescription>
        </CardHeader>
        <CardContent>
          <TableContainer className="rounded-md border">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Form</TableHead>
                  <TableHead>Title</TableHead>
                  <TableHead className="hidden md:table-cell">Issued at</TableHead>
                  <TableHead className="hidden lg:table-cell">Signed by</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {KP_CASE_FORMS.map((f) => (
                  <TableRow key={f.key} data-testid={`kp-form-row-${f.key}`}>
                    <TableCell className="whitespace-nowrap">
                      <span className="font-medium">{f.number}</span>
                      {String(f.later) !== f.number ? <span className="ml-1 text-xs text-muted-foreground">(later {f.later})</span> : null}
                    </TableCell>
                    <TableCell>
                      {f.title.en}
                      <span className="block text-xs text-muted-foreground italic">{f.title.fil}</span>
                    </TableCell>
                    <TableCell className="hidden text-sm md:table-cell">{f.issuedAt}</TableCell>
                    <TableCell className="hidden text-sm lg:table-cell">{f.signers}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </CardContent>
      </Card>
    </div>
  );
}
