import type * as React from "react";

/** The barangay seal and the municipal logo as a print's header shows them (null: not uploaded). */
export interface HeaderImages {
  seal: string | null;
  logo: string | null;
}

/**
 * The seal at the left and the logo at the right of a centred heading (research notes §7: the
 * barangay's at the left, the city's or municipality's at the right). An image not uploaded leaves
 * its place empty, so the heading stays centred.
 */
export function SealAndLogo({
  images,
  size = "22mm",
  children,
  className,
}: {
  images: HeaderImages | null | undefined;
  size?: string;
  children: React.ReactNode;
  className?: string;
}) {
  if (!images?.seal && !images?.logo) return <div className={className}>{children}</div>;
  const slot = (src: string | null, alt: string, testId: string) => (
    <div className="flex shrink-0 items-center justify-center" style={{ width: size, height: size }}>
      {src ? <img src={src} alt={alt} data-testid={testId} className="max-h-full max-w-full object-contain" /> : null}
    </div>
  );
  return (
    <div className={`flex items-center justify-between gap-3 ${className ?? ""}`}>
      {slot(images.seal, "Seal of the barangay", "print-seal")}
      <div className="min-w-0 flex-1">{children}</div>
      {slot(images.logo, "Logo of the city or municipality", "print-logo")}
    </div>
  );
}

/** The barangay's heading on a printed record or report: country, province and town, barangay, then the document's title. */
export function PrintLetterhead({
  barangay,
  title,
  children,
  aside,
  images,
}: {
  barangay: { name?: string | null; province?: string | null; municipality?: string | null } | null | undefined;
  title: React.ReactNode;
  /** Lines under the title (what the document is, its filters, its date). */
  children?: React.ReactNode;
  /** Beside the heading on the right (the person's photo on the personal-data sheet). */
  aside?: React.ReactNode;
  /** The seal and the logo beside the barangay's lines. */
  images?: HeaderImages | null;
}) {
  const heading = (
    <>
      <SealAndLogo images={images}>
        <p className="text-[9pt]">Republic of the Philippines</p>
        <p className="text-[9pt]">
          Province of {barangay?.province ?? "—"} · {barangay?.municipality ?? ""}
        </p>
        <p className="text-[12pt] font-bold uppercase">{barangay?.name ?? "Barangay"}</p>
      </SealAndLogo>
      <h1 className="mt-2 text-[14pt] font-bold tracking-wide uppercase">{title}</h1>
      {children}
    </>
  );
  if (!aside) return <header className="border-b-2 border-stone-900 pb-2 text-center">{heading}</header>;
  return (
    <header className="flex items-start gap-4 border-b-2 border-stone-900 pb-2">
      <div className="min-w-0 flex-1 text-center">{heading}</div>
      {aside}
    </header>
  );
}
