import { Form, useNavigation } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { LANGUAGE_NAMES, m } from "@domain/i18n";

// The language you read the portal in (issue 33 item 4, docs/decisions/219): English, Filipino, or
// your barangay's (followed when an administrator changes it). Each choice is named in itself, so a
// user who cannot read the current language still finds their own.

export function LanguageCard({ language, barangayDefault }: { language: "" | "en" | "fil"; barangayDefault: "en" | "fil" }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "language";
  const choices = [
    { value: "", label: m.shell_language_barangay({ language: LANGUAGE_NAMES[barangayDefault] }) },
    { value: "en", label: LANGUAGE_NAMES.en },
    { value: "fil", label: LANGUAGE_NAMES.fil },
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.shell_language_title()}</CardTitle>
        <CardDescription>{m.shell_language_description()}</CardDescription>
      </CardHeader>
      {/* A whole new document: every part of the page, hydrated or not, is read again in the new language. */}
      <Form method="post" reloadDocument className="flex flex-col gap-4" data-testid="language-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="language" />
        <CardContent>
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">{m.shell_language_title()}</legend>
            {choices.map((choice) => (
              <label key={choice.value || "barangay"} className="flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="language"
                  value={choice.value}
                  defaultChecked={language === choice.value}
                  className="size-4 accent-primary"
                />
                {/* lang: a screen reader reads each language's name in that language */}
                <span lang={choice.value === "fil" ? "fil" : choice.value === "en" ? "en" : undefined}>{choice.label}</span>
              </label>
            ))}
          </fieldset>
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner size="sm" label={m.shell_saving()} /> : null}
            {m.shell_language_save()}
          </Button>
        </CardFooter>
      </Form>
    </Card>
  );
}
