import { Form, useNavigation } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { m } from "@domain/i18n";

// The barangay seal and the municipal logo: what every print shows in its header —
// the seal at the left (and in the receipt's seal box), the logo at the right. A form each, posted
// as multipart, so it works without JavaScript.

type Kind = "seal" | "logo";

const ITEMS: { kind: Kind; title: () => string; where: () => string; remove: () => string }[] = [
  { kind: "seal", title: m.admin_setup_s_seal, where: m.admin_images_seal_where, remove: m.admin_images_remove_seal },
  { kind: "logo", title: m.admin_images_logo, where: m.admin_images_logo_where, remove: m.admin_images_remove_logo },
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
  const sending = navigation.state === "submitting" ? `${navigation.formData?.get("intent")}:${navigation.formData?.get("kind")}` : "";
  return (
    <Card data-testid="barangay-images">
      <CardHeader>
        <CardTitle>{m.admin_images_title()}</CardTitle>
        <CardDescription>{m.admin_images_description()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        {ITEMS.map((item) => {
          const { kind } = item;
          const title = item.title();
          const uploading = sending === `upload-image:${kind}`;
          const removing = sending === `remove-image:${kind}`;
          const src = images[kind];
          const fieldErrors = errors?.[kind];
          return (
            <section key={kind} className="flex flex-col gap-3 sm:flex-row sm:items-start" aria-labelledby={`${kind}-title`}>
              <div className="flex size-24 shrink-0 items-center justify-center rounded-md border bg-muted/40 p-1">
                {src ? (
                  <img src={src} alt={title} className="max-h-full max-w-full object-contain" />
                ) : (
                  <span className="text-center text-xs text-muted-foreground">{m.admin_images_none()}</span>
                )}
              </div>
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <h2 id={`${kind}-title`} className="font-medium">
                  {title}
                </h2>
                <p className="text-sm text-muted-foreground">{item.where()}</p>
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
                      <Button type="submit" variant="outline" size="sm" disabled={uploading}>
                        {uploading ? <Spinner size="sm" label={m.admin_images_uploading()} /> : null}
                        {m.admin_images_upload()}
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
                        <Button type="submit" variant="ghost" size="sm" disabled={removing}>
                          {item.remove()}
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
