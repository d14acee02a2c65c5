import * as React from "react";
import { useNavigation } from "react-router";

// The page progress bar (spec §2.1, §9): theme colour, crawls towards the end over 5000 ms, shown
// only when a navigation lasts longer than 200 ms.

export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_THROTTLE_MS = 200;

type Phase = "idle" | "starting" | "running" | "finishing";

export function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  const [phase, setPhase] = React.useState<Phase>("idle");
  const [wasBusy, setWasBusy] = React.useState(busy);

  // The navigation ended: run to the end and fade, if the bar was showing.
  if (wasBusy !== busy) {
    setWasBusy(busy);
    if (!busy && (phase === "starting" || phase === "running")) setPhase("finishing");
  }

  // Show the bar only after the throttle; the long crawl starts one frame after it appears.
  React.useEffect(() => {
    if (!busy) return;
    let frame = 0;
    const show = setTimeout(() => {
      setPhase("starting");
      frame = requestAnimationFrame(() => requestAnimationFrame(() => setPhase("running")));
    }, PROGRESS_THROTTLE_MS);
    return () => {
      clearTimeout(show);
      cancelAnimationFrame(frame);
    };
  }, [busy]);

  React.useEffect(() => {
    if (phase !== "finishing") return;
    const hide = setTimeout(() => setPhase("idle"), 450);
    return () => clearTimeout(hide);
  }, [phase]);

  const width = phase === "running" ? 90 : phase === "finishing" ? 100 : 0;
  return (
    <div
      aria-hidden="true"
      data-testid="navigation-progress"
      data-state={phase}
      className="no-print pointer-events-none fixed inset-x-0 top-0 z-[100] h-[3px]"
    >
      <div
        className="h-full bg-[#eab308] shadow-[0_0_8px_#eab308]"
        style={{
          width: `${width}%`,
          opacity: phase === "starting" || phase === "running" ? 1 : 0,
          transition:
            phase === "running"
              ? `width ${PROGRESS_DURATION_MS}ms cubic-bezier(0.1, 0.6, 0.3, 1), opacity 150ms`
              : phase === "finishing"
                ? "width 200ms ease-out, opacity 250ms ease 200ms"
                : "none",
        }}
      />
    </div>
  );
}
