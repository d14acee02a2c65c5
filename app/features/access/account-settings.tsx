import { Form, useNavigation } from "react-router";
import { SimpleField } from "./simple-field";
import { LanguageCard } from "./language-card";
import { CsrfInput } from "~/components/csrf-input";
import { FlashMessage, type FlashData } from "~/components/resource/flash-message";
import { Avatar, AvatarFallback, AvatarImage } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { initialsOf, readableTextOn } from "~/lib/ui-color";
import type { ActionData, LoaderData } from "~/lib/route-data";
import type { action, loader, SettingsActionData } from "~/routes/system.settings.account";
import { m } from "@domain/i18n";

/** The account settings: how you sign in, your photo, and your name as the portal shows and prints it. */
export function AccountSettingsCards({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData<typeof loader>;
  actionData: ActionData<typeof action> | undefined;
}) {
  const navigation = useNavigation();
  const result = actionData as SettingsActionData;
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const errorsOf = (intent: string) => (result?.intent === intent ? result.errors : {});
  const value = (intent: string, key: string, fallback: string | null | undefined) =>
    result?.intent === intent ? (result.values[key] ?? "") : (fallback ?? "");
  const [savingAccount, uploadingPhoto, savingIdentity] = [busy("account"), busy("photo"), busy("identity")];
  const acc = errorsOf("account");
  const photoErrors = errorsOf("photo").photo;
  const idn = errorsOf("identity");
  const p = loaderData.profile;
  return (
    <>
      <FlashMessage flash={loaderData.flash as FlashData | null} />
      <LanguageCard language={loaderData.language.language} barangayDefault={loaderData.language.barangayDefault} />
      <Card>
        <CardHeader>
          <CardTitle>{m.shell_account_title()}</CardTitle>
          <CardDescription>{m.shell_account_description()}</CardDescription>
        </CardHeader>
        <Form method="post" className="flex flex-col gap-4" data-testid="account-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="account" />
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <SimpleField
              name="username"
              label={m.shell_account_username()}
              required
              maxLength={50}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              defaultValue={value("account", "username", loaderData.username)}
              errors={acc.username}
            />
            <SimpleField
              name="email"
              label={m.shell_account_email()}
              type="email"
              maxLength={255}
              autoComplete="email"
              defaultValue={value("account", "email", loaderData.email)}
              errors={acc.email}
            />
          </CardContent>
          <CardFooter>
            <Button type="submit" disabled={busy("account")}>
              {savingAccount ? <Spinner size="sm" label={m.shell_saving()} /> : null}
              {m.shell_account_save()}
            </Button>
          </CardFooter>
        </Form>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{m.shell_photo_title()}</CardTitle>
          <CardDescription>{m.shell_photo_description()}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <Avatar className="size-20 text-xl">
            {p?.image ? <AvatarImage src={p.image} alt={m.shell_photo_alt()} /> : null}
            <AvatarFallback style={{ backgroundColor: p?.hex_color ?? "#eab308", color: readableTextOn(p?.hex_color ?? "#eab308") }}>
              {initialsOf(`${p?.firstname ?? ""} ${p?.lastname ?? ""}`)}
            </AvatarFallback>
          </Avatar>
          <div className="flex flex-1 flex-col gap-2">
            <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-center gap-2" data-testid="photo-form">
              <CsrfInput />
              <input type="hidden" name="intent" value="photo" />
              <label htmlFor="photo" className="sr-only">
                {m.shell_photo_title()}
              </label>
              <input
                id="photo"
                name="photo"
                type="file"
                accept="image/jpeg,image/png,image/webp"
                required
                aria-invalid={photoErrors ? true : undefined}
                aria-describedby={photoErrors ? "photo-error" : undefined}
                className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
              />
              <Button type="submit" variant="outline" disabled={busy("photo")}>
                {uploadingPhoto ? <Spinner size="sm" label={m.shell_photo_uploading()} /> : null}
                {m.shell_photo_upload()}
              </Button>
            </Form>
            {photoErrors ? (
              <p id="photo-error" className="text-sm text-destructive">
                {photoErrors.join(" ")}
              </p>
            ) : null}
            {p?.image ? (
              <Form method="post">
                <CsrfInput />
                <input type="hidden" name="intent" value="remove-photo" />
                <Button type="submit" variant="ghost" size="sm" disabled={busy("remove-photo")}>
                  {m.shell_photo_remove()}
                </Button>
              </Form>
            ) : null}
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{m.shell_identity_title()}</CardTitle>
          <CardDescription>{m.shell_identity_description()}</CardDescription>
        </CardHeader>
        <Form method="post" className="flex flex-col gap-4" data-testid="identity-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="identity" />
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <SimpleField
              name="firstname"
              label={m.shell_identity_first_name()}
              required
              maxLength={150}
              autoComplete="given-name"
              defaultValue={value("identity", "firstname", p?.firstname)}
              errors={idn.firstname}
            />
            <SimpleField
              name="middlename"
              label={m.shell_identity_middle_name()}
              maxLength={100}
              autoComplete="additional-name"
              defaultValue={value("identity", "middlename", p?.middlename)}
              errors={idn.middlename}
            />
            <SimpleField
              name="lastname"
              label={m.shell_identity_last_name()}
              required
              maxLength={100}
              autoComplete="family-name"
              defaultValue={value("identity", "lastname", p?.lastname)}
              errors={idn.lastname}
            />
            <SimpleField
              name="suffix"
              label={m.shell_identity_suffix()}
              maxLength={20}
              // eslint-disable-next-line i18next/no-literal-string -- the suffixes as names write them, the same in both languages
              placeholder="Jr., Sr., III"
              autoComplete="honorific-suffix"
              defaultValue={value("identity", "suffix", p?.suffix)}
              errors={idn.suffix}
            />
            <SimpleField
              name="hex_color"
              label={m.shell_identity_avatar_colour()}
              type="color"
              className="flex flex-col gap-1.5 sm:col-span-2 [&_input]:h-9 [&_input]:w-16 [&_input]:p-1"
              defaultValue={value("identity", "hex_color", p?.hex_color ?? "#eab308")}
              errors={idn.hex_color}
              description={m.shell_identity_avatar_colour_description()}
            />
          </CardContent>
          <CardFooter>
            <Button type="submit" disabled={busy("identity")}>
              {savingIdentity ? <Spinner size="sm" label={m.shell_saving()} /> : null}
              {m.shell_identity_save()}
            </Button>
          </CardFooter>
        </Form>
      </Card>
    </>
  );
}
