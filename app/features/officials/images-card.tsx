import { Form, useNavigation } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";

// The barangay seal and the municipal logo: what every print shows in its header —
// the seal at the left (and in the receipt's seal box), the logo at the right. A form each, posted
// as multipart, so it works without JavaScript.

type Kind = "seal" | "logo";

const ITEMS: { kind: Kind; title: string; where: string }[] = [
  { kind: "seal", title: "Barangay seal", where: "Printed at the left of every header and in the official receipt's seal box." },
  { kind: "logo", title: "Municipal logo", where: "Printed at the right of the headers of certificates, vouchers and reports." },
];

export function ImagesCard({
  images,
  canChange,
  errors,
}: {
  images: Record<Kind, string | null>;
  canChange: boolean;
  errors?: Partial<Record<Kind, string[]>>;
}) {
  const navigation = useNavigation();
  const busy = (intent: string, kind: Kind) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData?.get("kind") === kind;
  return (
    <Card data-testid="barangay-images">
      <CardHeader>
        <CardTitle>Seal and logo</CardTitle>
        <CardDescription>JPEG, PNG or WebP up to 2 MB; kept at most 600 pixels wide, with its transparency.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        {ITEMS.map(({ kind, title, where }) => {
          const src = images[kind];
          const fieldErrors = errors?.[kind];
          return (
            <section key={kind} className="flex flex-col gap-3 sm:flex-row sm:items-start" aria-labelledby={`${kind}-title`}>
              <div className="flex size-24 shrink-0 items-center justify-center rounded-md border bg-muted/40 p-1">
                {src ? (
                  <img src={src} alt={title} className="max-h-full max-w-full object-contain" />
                ) : (
                  <span className="text-center text-xs text-muted-foreground">None yet</span>
                )}
              </div>
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <h2 id={`${kind}-title`} className="font-medium">
                  {title}
                </h2>
                <p className="text-sm text-muted-foreground">{where}</p>
                {canChange ? (
                  <>
                    <Form
                      method="post"
                      encType="multipart/form-data"
                      className="flex flex-wrap items-center gap-2"
                      data-testid={`${kind}-form`}
                    >
                      <CsrfInput />
                      <input type="hidden" name="intent" value="upload-image" />
                      <input type="hidden" name="kind" value={kind} />
                      <label htmlFor={`${kind}-file`} className="sr-only">
                        {title}
                      </label>
                      <input
                        id={`${kind}-file`}
                        name={kind}
                        type="file"
                        accept="image/jpeg,image/png,image/webp"
                        required
                        aria-invalid={fieldErrors ? true : undefined}
                        aria-describedby={fieldErrors ? `${kind}-error` : undefined}
                        className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
                      />
                      <Button type="submit" variant="outline" size="sm" disabled={busy("upload-image", kind)}>
                        {busy("upload-image", kind) ? <Spinner size="sm" label="Uploading…" /> : null}
                        Upload
                      </Button>
                    </Form>
                    {fieldErrors ? (
                      <p id={`${kind}-error`} className="text-sm text-destructive">
                        {fieldErrors.join(" ")}
                      </p>
                    ) : null}
                    {src ? (
                      <Form method="post">
                        <CsrfInput />
                        <input type="hidden" name="intent" value="remove-image" />
                        <input type="hidden" name="kind" value={kind} />
                        <Button type="submit" variant="ghost" size="sm" disabled={busy("remove-image", kind)}>
                          Remove {title.toLowerCase()}
                        </Button>
                      </Form>
                    ) : null}
                  </>
                ) : null}
              </div>
            </section>
          );
        })}
      </CardContent>
    </Card>
  );
}
