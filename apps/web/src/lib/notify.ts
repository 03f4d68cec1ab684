import { createElement, type ComponentType } from "react";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX, type IconProps } from "@tabler/icons-react";

type Kind = "success" | "error" | "warning" | "info";

const STYLE: Record<Kind, { color: string; icon: ComponentType<IconProps> }> = {
  success: { color: "green", icon: IconCheck },
  error: { color: "red", icon: IconX },
  warning: { color: "yellow", icon: IconAlertTriangle },
  info: { color: "blue", icon: IconInfoCircle },
};

// Auto-close (TOAST_AUTO_CLOSE_MS) and position are set once on <Notifications> in the provider.
const show = (kind: Kind) => (message: string, title?: string) =>
  notifications.show({
    message,
    title,
    color: STYLE[kind].color,
    icon: createElement(STYLE[kind].icon, { size: 18 }),
    withCloseButton: true,
    closeButtonProps: { "aria-label": "Dismiss notification" },
  });

export const notify = {
  success: show("success"),
  error: show("error"),
  warning: show("warning"),
  info: show("info"),
};
