import { Form, Link, useNavigation } from "react-router";
import { Printer } from "lucide-react";
import { CsrfInput } from "~/components/csrf-input";
import { FlashMessage, type FlashData } from "~/components/resource/flash-message";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableContainer, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";
import { formatDate } from "~/lib/reader-dates";
import { getLocale, m } from "@domain/i18n";
import { labelOf } from "@domain/i18n/labels";
import { LUPON_POSITION_LABEL } from "@domain/kp/labels";
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
  // A form's title in the reader's language (each form has both; what it prints is the settings' choice).
  const titleOf = (title: { en: string; fil: string }) => (getLocale() === "fil" ? title.fil : title.en);
  return (
    <div className="flex flex-col gap-4">
      <FlashMessage flash={loaderData.flash as FlashData | null} />
      <div>
        <h1 className="text-2xl font-semibold">{m.office_kp_forms_title()}</h1>
        <p className="text-sm text-muted-foreground">
          {m.office_kp_forms_description()}
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{m.office_kp_forms_settings_title()}</CardTitle>
          <CardDescription>{m.office_kp_forms_settings_description()}</CardDescription>
        </CardHeader>
        <Form method="post" data-testid="kp-forms-settings" noValidate>
          <CsrfInput />
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <label className="flex flex-col gap-1 text-sm font-medium">
              {m.office_kp_forms_language()}
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
              {m.office_kp_forms_paper()}
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
                {m.office_common_save()}
              </Button>
            </CardFooter>
          ) : null}
        </Form>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{m.office_kp_forms_lupon_title()}</CardTitle>
          <CardDescription>{m.office_kp_forms_lupon_description()}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <div className="flex flex-wrap gap-2">
            {lists.map((f) => (
              <Link key={f.key} to={kpLuponFormHref(f.key)} className={buttonVariants({ variant: "outline", size: "sm" })}>
                <Printer aria-hidden="true" />
                {m.office_kp_forms_form_button({ number: f.number, title: titleOf(f.title) })}
              </Link>
            ))}
          </div>
          {members.length ? (
            <TableContainer className="rounded-md border">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>{m.office_kp_forms_member()}</TableHead>
                    <TableHead className="hidden sm:table-cell">{m.office_kp_forms_term()}</TableHead>
                    <TableHead>{m.office_kp_forms_forms()}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {members.map((member) => (
                    <TableRow key={member.id}>
                      <TableCell>
                        <span className="font-medium">{member.name}</span>
                        <span className="block text-xs text-muted-foreground">
                          {labelOf(LUPON_POSITION_LABEL, member.position)}
                        </span>
                      </TableCell>
                      <TableCell className="hidden sm:table-cell">
                        {formatDate(member.term_start)} – {member.term_end ? formatDate(member.term_end) : m.office_kp_forms_serving()}
                      </TableCell>
                      <TableCell>
                        <div className="flex flex-wrap gap-1">
                          {perMember.map((f) => (
                            <Link
                              key={f.key}
                              to={kpLuponFormHref(f.key, { member: member.id })}
                              title={titleOf(f.title)}
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
              {m.office_kp_forms_no_member()} <Link to="/manage/kp/lupon">{m.office_kp_forms_lupon_link()}</Link>.
            </p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{m.office_kp_forms_case_title()}</CardTitle>
          <CardDescription>{m.office_kp_forms_case_description()}</CardDescription>
        </CardHeader>
        <CardContent>
          <TableContainer className="rounded-md border">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{m.office_kp_forms_col_form()}</TableHead>
                  <TableHead>{m.office_kp_forms_col_title()}</TableHead>
                  <TableHead className="hidden md:table-cell">{m.office_kp_forms_col_issued()}</TableHead>
                  <TableHead className="hidden lg:table-cell">{m.office_kp_forms_col_signed()}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {KP_CASE_FORMS.map((f) => (
                  <TableRow key={f.key} data-testid={`kp-form-row-${f.key}`}>
                    <TableCell className="whitespace-nowrap">
                      <span className="font-medium">{f.number}</span>
                      {String(f.later) !== f.number ? <span className="ml-1 text-xs text-muted-foreground">{m.office_kp_forms_later({ number: f.later })}</span> : null}
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
