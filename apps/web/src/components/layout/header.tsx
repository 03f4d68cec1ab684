import { lazy, Suspense, useState } from "react";
import { NavLink, Link } from "react-router";
import { Burger, Button, Container, Divider, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconLogout, IconPlant2 } from "@tabler/icons-react";
import { navigationFor, PRODUCT_NAME, type Me } from "@cultivate/shared";
import classes from "./header.module.css";

// Mantine's Drawer brings Modal, ScrollArea, focus trap and scroll lock: only narrow screens that open it load them.
const MobileDrawer = lazy(() => import("./mobile-drawer").then((m) => ({ default: m.MobileDrawer })));
const ManageMenu = lazy(() => import("./manage-menu").then((m) => ({ default: m.ManageMenu })));

interface HeaderLink {
  to: string;
  label: string;
}

/** The menu by sign-in state and the shared policy's answers (packages/shared/src/navigation.ts; docs/RULES.md, Roles). */
export function primaryLinks(me: Me | null | undefined): { main: HeaderLink[]; manage: HeaderLink[] } {
  if (me === undefined) return { main: [], manage: [] }; // still loading: show neither set rather than flash the wrong one
  if (me === null) return { main: [{ to: "/", label: "Home" }], manage: [] };
  // Issue 11: an account waiting for approval has no organisation pages, whatever roles it holds (its permissions are all false).
  const entries = navigationFor(me.permissions);
  return {
    main: entries.filter((e) => e.section === "main"),
    manage: entries.filter((e) => e.section === "manage"),
  };
}

export interface HeaderProps {
  /** undefined while the session is loading, null when signed out. */
  me: Me | null | undefined;
  onSignOut: () => void;
  signingOut: boolean;
}

interface NavItemsProps extends HeaderProps {
  mobile?: boolean;
  onNavigate?: () => void;
}

function NavItems({ me, onSignOut, signingOut, mobile = false, onNavigate }: NavItemsProps) {
  const linkClass = mobile ? `${classes.link} ${classes.mobileLink}` : classes.link;
  const navLink = ({ to, label }: HeaderLink) => (
    <NavLink key={to} to={to} end className={linkClass} onClick={onNavigate}>
      {label}
    </NavLink>
  );
  const Wrapper = mobile ? Stack : Group;
  const { main, manage } = primaryLinks(me);

  return (
    <Wrapper gap={mobile ? 4 : 2} wrap="nowrap">
      {main.map(navLink)}
      {mobile && manage.length ? (
        <>
          <Divider my="sm" label="Administration" labelPosition="left" />
          {manage.map(navLink)}
        </>
      ) : manage.length > 1 ? (
        <Suspense fallback={<span className={linkClass}>Administration</span>}>
          <ManageMenu entries={manage} />
        </Suspense>
      ) : (
        manage.map(navLink)
      )}
      {mobile ? <Divider my="sm" /> : <Divider orientation="vertical" mx={{ base: 4, xl: "xs" }} />}
      {me === null ? (
        <>
          {navLink({ to: "/login", label: "Sign in" })}
          <Button
            component={NavLink}
            to="/register"
            end
            size={mobile ? "md" : "sm"}
            ml={mobile ? 0 : 4}
            onClick={onNavigate}
          >
            Register
          </Button>
        </>
      ) : null}
      {me ? (
        <>
          {navLink({ to: "/account", label: "Account" })}
          {/* An admin's full menu needs the room below 1,280 px: the address is cut shorter there (its whole text is
              the tooltip; header.module.css). */}
          <Text
            size="sm"
            c="dimmed"
            truncate="end"
            className={mobile ? undefined : classes.email}
            px={mobile ? 10 : 6}
            title={me.user.email}
          >
            {me.user.email}
          </Text>
          <Button
            variant="default"
            size={mobile ? "md" : "xs"}
            leftSection={<IconLogout size={16} />}
            loading={signingOut}
            onClick={() => {
              onNavigate?.();
              onSignOut();
            }}
          >
            Sign out
          </Button>
        </>
      ) : null}
    </Wrapper>
  );
}

export function Header(props: HeaderProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  // Mounted from the first opening on, so the drawer can play its closing transition.
  const [drawerLoaded, setDrawerLoaded] = useState(false);

  return (
    <Container size="xl" h="100%">
      <Group h="100%" justify="space-between" wrap="nowrap">
        <Link to="/" className={classes.brand} aria-label={`${PRODUCT_NAME} home`}>
          <ThemeIcon size={34} radius="md" variant="gradient" gradient={{ from: "teal.6", to: "cyan.6", deg: 135 }}>
            <IconPlant2 size={20} />
          </ThemeIcon>
          <Text fw={800} fz={20} lh={1}>
            {PRODUCT_NAME}
          </Text>
        </Link>

        <Group component="nav" aria-label="Main navigation" visibleFrom="lg" wrap="nowrap">
          <NavItems {...props} />
        </Group>

        <Burger
          opened={opened}
          onClick={() => {
            setDrawerLoaded(true);
            toggle();
          }}
          hiddenFrom="lg"
          aria-label="Toggle navigation"
        />
      </Group>

      {drawerLoaded ? (
        <Suspense fallback={null}>
          <MobileDrawer opened={opened} onClose={close}>
            <nav aria-label="Main navigation">
              <NavItems {...props} mobile onNavigate={close} />
            </nav>
          </MobileDrawer>
        </Suspense>
      ) : null}
    </Container>
  );
}
