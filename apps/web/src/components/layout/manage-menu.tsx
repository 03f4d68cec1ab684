import { NavLink, useLocation } from "react-router";
import { Menu, UnstyledButton } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import classes from "./header.module.css";

/**
 * The Administration menu of the wide header: the management pages the user may open (issue 14). Its
 * own chunk (Menu brings Popover and floating-ui): signed-in users load it, the public pages do not (ADR 039).
 */
export function ManageMenu({ entries }: { entries: { to: string; label: string }[] }) {
  const { pathname } = useLocation();
  const current = entries.some((e) => e.to === pathname);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.link} data-active={current || undefined}>
          Administration <IconChevronDown size={14} style={{ marginLeft: 4 }} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {entries.map((e) => (
          <Menu.Item key={e.to} component={NavLink} to={e.to} end>
            {e.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
