// The notification calls the pages make (the bell in the layout, the notifications page), named
// here so that route modules reach the server only through `.server` modules.
export { bellSummary, dismissNotification, listNotifications, markAllRead, markRead } from "./service.ts";
