import * as React from "react";
import { cn } from "~/lib/utils";

/**
 * A native checkbox styled like the rest of the kit. Native on purpose: it posts with its form
 * (also through the `form` attribute) when JavaScript is off, which a button-based checkbox cannot.
 */
export function Checkbox({
  className,
  indeterminate,
  ...props
}: Omit<React.ComponentProps<"input">, "type"> & { indeterminate?: boolean }) {
  const ref = React.useRef<HTMLInputElement>(null);
  React.useEffect(() => {
    if (ref.current) ref.current.indeterminate = !!indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      data-slot="checkbox"
      aria-checked={indeterminate ? "mixed" : undefined}
      className={cn(
        "size-4 shrink-0 cursor-pointer rounded border border-input accent-primary-ink focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
