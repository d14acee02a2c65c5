import { LoaderCircle } from "lucide-react";
import * as React from "react";
import { cn } from "~/lib/utils";
import { m } from "@domain/i18n";

/** The spinner sizes of spec §5: xs, sm, lg and 1x through 10x (multiples of the font size). */
export const SPINNER_SIZES = ["xs", "sm", "lg", "1x", "2x", "3x", "4x", "5x", "6x", "7x", "8x", "9x", "10x"] as const;
export type SpinnerSize = (typeof SPINNER_SIZES)[number];

const SIZE_EM: Record<SpinnerSize, number> = {
  xs: 0.75,
  sm: 0.875,
  lg: 1.25,
  "1x": 1,
  "2x": 2,
  "3x": 3,
  "4x": 4,
  "5x": 5,
  "6x": 6,
  "7x": 7,
  "8x": 8,
  "9x": 9,
  "10x": 10,
};

export function isSpinnerSize(value: unknown): value is SpinnerSize {
  return typeof value === "string" && (SPINNER_SIZES as readonly string[]).includes(value);
}

export interface SpinnerProps extends Omit<React.ComponentProps<"span">, "children"> {
  /** One of xs, sm, lg, 1x–10x; anything else falls back to 1x. */
  size?: SpinnerSize;
  /** Read by screen readers; visible next to the icon when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
}

export function Spinner({ size = "1x", label, showLabel = false, className, ...props }: SpinnerProps) {
  label ??= m.shell_loading();
  const em = SIZE_EM[isSpinnerSize(size) ? size : "1x"];
  return (
    <span role="status" data-slot="spinner" data-size={size} className={cn("inline-flex items-center gap-2", className)} {...props}>
      <LoaderCircle
        aria-hidden="true"
        className="shrink-0 animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]"
        style={{ width: `${em}em`, height: `${em}em` }}
      />
      {showLabel ? <span>{label}</span> : <span className="sr-only">{label}</span>}
    </span>
  );
}
