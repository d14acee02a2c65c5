import type { NotificationType } from "../notify";

// A stored notification as the bell, the page and the socket see it (spec §3 Notification).
// Isomorphic: the server answers it, the browser draws it.

export interface NotificationView {
  id: number;
  title: string;
  message: string;
  type: NotificationType;
  /** Spec §4: delete → trash, restore → warning, invalid → invalid, empty or create → success, info → info. */
  icon: NotificationIcon;
  /** Milliseconds a toast stays; null: the type's default (errors 20 s, spec §9). */
  timeout: number | null;
  undo: boolean;
  data: Record<string, unknown>;
  active: boolean;
  topic: string;
  /** The page of the record it is about. */
  link: string | null;
  created_at: string;
  read: boolean;
}

export type NotificationIcon = "trash" | "warning" | "invalid" | "success" | "info";

export const NOTIFICATION_TYPES: readonly NotificationType[] = ["delete", "restore", "invalid", "create", "success", "info", "warning", ""];

/** Spec §4 "Notification icons". */
export function notificationIcon(type: NotificationType | string | null | undefined): NotificationIcon {
  switch (type) {
    case "delete":
      return "trash";
    case "restore":
    case "warning":
      return "warning";
    case "invalid":
      return "invalid";
    case "info":
      return "info";
    default:
      return "success";
  }
}

/** What the bell starts from (the layout's loader) and what a reconnect catches up. */
export interface BellSummary {
  unread: number;
  latest: NotificationView[];
  /** The newest id this answer knows; the socket asks for what came after it on reconnect. */
  lastId: number;
}

/** The socket message for a new notification. */
export interface NotificationMessage {
  type: "notification";
  notification: NotificationView;
}

export const BELL_LATEST = 8;
export const NOTIFICATIONS_PER_PAGE = 20;
