import type { ReactNode } from "react";
import { Drawer } from "@mantine/core";
import { PRODUCT_NAME } from "@cultivate/shared";

/** The narrow-screen navigation; its own chunk, loaded at the first tap on the burger (ADR 039). */
export function MobileDrawer({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer opened={opened} onClose={onClose} title={PRODUCT_NAME} hiddenFrom="lg" size="xs" position="right">
      {children}
    </Drawer>
  );
}
