import type * as React from "react";

/** The barangay's heading on a printed record or report: country, province and town, barangay, then the document's title. */
export function PrintLetterhead({
  barangay,
  title,
  children,
  aside,
}: {
  barangay: { name?: string | null; province?: string | null; municipality?: string | null } | null | undefined;
  title: React.ReactNode;
  /** Lines under the title (what the document is, its filters, its date). */
  children?: React.ReactNode;
  /** Beside the heading on the right (the person's photo on the personal-data sheet). */
  aside?: React.ReactNode;
}) {
  const heading = (
    <>
      <p className="text-[9pt]">Republic of the Philippines</p>
      <p className="text-[9pt]">
        Province of {barangay?.province ?? "—"} · {barangay?.municipality ?? ""}
      </p>
      <p className="text-[12pt] font-bold uppercase">{barangay?.name ?? "Barangay"}</p>
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
