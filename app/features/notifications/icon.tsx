import { CircleCheck, CircleX, Info, Trash2, TriangleAlert } from "lucide-react";
import { cn } from "~/lib/utils";
import { m } from "@domain/i18n";
import type { NotificationIcon as IconName } from "@domain/notifications/types";

// Spec §4 "Notification icons": delete → trash (invalid style), restore → warning, invalid →
// invalid, empty or create → success, info → info.
const ICONS: Record<IconName, { Icon: typeof Info; className: string; label: () => string }> = {
  trash: { Icon: Trash2, className: "text-destructive", label: m.office_notifications_icon_deleted },
  warning: { Icon: TriangleAlert, className: "text-amber-600 dark:text-amber-400", label: m.office_notifications_icon_warning },
  invalid: { Icon: CircleX, className: "text-destructive", label: m.office_notifications_icon_error },
  success: { Icon: CircleCheck, className: "text-emerald-600 dark:text-emerald-400", label: m.office_notifications_icon_done },
  info: { Icon: Info, className: "text-sky-600 dark:text-sky-400", label: m.office_notifications_icon_info },
};

export function NotificationIcon({ icon, className }: { icon: IconName; className?: string }) {
  const { Icon, className: tone, label } = ICONS[icon] ?? ICONS.info;
  return <Icon className={cn("size-4 shrink-0", tone, className)} aria-label={label()} role="img" />;
}
