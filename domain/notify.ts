// Notifications (spec §3 "Notification", §4 "Notification icons"): stacked toasts, hidden in print.
export type NotificationType = "delete" | "restore" | "invalid" | "create" | "success" | "info" | "warning" | "";

export interface NotifyOptions {
  title: string;
  message?: string;
  type?: NotificationType;
  /** Milliseconds; errors stay 20 s (spec §9). */
  timeout?: number;
  /** Offers an Undo button (spec §4 "Undo"); the toast closes when it is pressed. */
  undo?: () => void;
}

export const ERROR_TIMEOUT_MS = 20_000;

/** Maps the spec's icon rule: delete → trash (invalid style), restore → warning, invalid → error, empty/create → success, info → info. */
export function toastKind(type: NotificationType | undefined): "error" | "warning" | "success" | "info" {
  switch (type) {
    case "delete":
    case "invalid":
      return "error";
    case "restore":
    case "warning":
      return "warning";
    case "info":
      return "info";
    default:
      return "success";
  }
}

// sonner (9 KB of gzipped JavaScript) is not part of any page's first load: the
// Toaster mounts after hydration (root.tsx, components/ui/sonner.tsx) and reports here; a toast asked
// for earlier waits for it, since sonner drops toasts published before its Toaster listens.
let markToasterMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  markToasterMounted = resolve;
});

/** Called once by the mounted Toaster. */
export function toasterReady(): void {
  markToasterMounted();
}

export function notify(options: NotifyOptions): void {
  const kind = toastKind(options.type);
  void Promise.all([import("sonner"), toasterMounted]).then(([{ toast }]) => {
    toast[kind](options.title, {
      description: options.message,
      duration: options.timeout ?? (kind === "error" ? ERROR_TIMEOUT_MS : 5_000),
      action: options.undo ? { label: "Undo", onClick: () => options.undo?.() } : undefined,
      className: options.type === "delete" ? "notification-delete" : undefined,
    });
  });
}
