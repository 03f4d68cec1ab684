import { useState } from "react";
import { ActionIcon, Badge, Button, Group, Paper, Select, Stack, Table, Text } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import {
  NETWORK_ERROR_MESSAGE,
  ROLE_LABELS,
  formatDate,
  type AdminUser,
  type RoleName,
  type UserList,
} from "@cultivate/shared";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { UNCLIPPED_BADGE } from "@/components/ui/unclipped-badge";
import { isAdminRole, roleBadgeColor } from "@/lib/permissions";
import { useAssignRole, useRemoveRole, useSetUserOrganization } from "../api/users";
import { ApproveUserButton } from "./approve-user";
import { ORGANIZATION_SEARCH } from "@/components/ui/organization-picker";

export const NO_ORGANIZATION = "none";
const STATUS_COLOR = { pending: "gray", submitted: "yellow", approved: "green" } as const;
const STATUS_LABEL = { pending: "Pending", submitted: "Submitted", approved: "Approved" } as const;
// Mantine cuts a badge's or button's label with an ellipsis when its table column is squeezed; in this table every
// label is short and must read whole (issue 14), so the label keeps its width and the column grows instead.
const UNCLIPPED_BUTTON = { root: { flexShrink: 0 }, label: { overflow: "visible" } } as const;
const NO_WRAP = { whiteSpace: "nowrap" } as const;
const roleLabel = (name: string) => ROLE_LABELS[name as RoleName] ?? name;

interface UserRowProps {
  user: AdminUser;
  data: UserList;
  /** The organisation dropdown's options, "No organization" first (the same list for every row). */
  organizationOptions: { value: string; label: string }[];
}

/**
 * One user's controls (organisation dropdown, status with Approve, two-factor, role chips and dropdown) and
 * what they do; UserRow lays them out as a table row, UserCard as a card for a phone.
 */
function useUserControls({ user, data, organizationOptions: options }: UserRowProps) {
  const assignRole = useAssignRole();
  const removeRole = useRemoveRole();
  const setOrganization = useSetUserOrganization();
  const [role, setRole] = useState<string | null>(null);
  const hasRole = user.roles.length > 0;
  const canTouchRole = (name: string) => !isAdminRole(name) || data.permissions.grantAdmin;

  // The options may not hold the user's own organisation (an admin's names still loading, or created since):
  // it still shows as chosen.
  const organizationOptions =
    user.organizationId && !options.some((o) => o.value === user.organizationId)
      ? [...options, { value: user.organizationId, label: user.organizationName ?? "Unknown organization" }]
      : options;

  const handleAssign = () => {
    if (!role) return;
    assignRole.mutate(
      { userId: user.id, role: role as RoleName },
      {
        onSuccess: () => {
          notify.success("Role updated successfully!");
          setRole(null);
        },
        onError: (err) => notify.error(`Failed to update role: ${errorMessage(err, NETWORK_ERROR_MESSAGE)}`),
      },
    );
  };

  const handleRemove = (name: string) =>
    removeRole.mutate(
      { userId: user.id, role: name },
      {
        onSuccess: () => notify.success("Role removed successfully!"),
        onError: (err) => notify.error(`Failed to remove role: ${errorMessage(err, NETWORK_ERROR_MESSAGE)}`),
      },
    );

  const handleOrganization = (value: string | null) => {
    const organizationId = !value || value === NO_ORGANIZATION ? null : value;
    if (organizationId === user.organizationId) return;
    setOrganization.mutate(
      { userId: user.id, organizationId },
      {
        onSuccess: () => notify.success("Organization updated successfully!"),
        onError: (err) => notify.error(`Failed to update organization: ${errorMessage(err, NETWORK_ERROR_MESSAGE)}`),
      },
    );
  };

  const identity = (
    <>
      <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
        {user.email}
      </Text>
      {user.name ? (
        <Text size="xs" c="dimmed">
          {user.name}
        </Text>
      ) : null}
    </>
  );

  const organization = (
    <Select
      aria-label={`Organization of ${user.email}`}
      data={organizationOptions}
      value={user.organizationId ?? NO_ORGANIZATION}
      onChange={handleOrganization}
      disabled={!data.permissions.changeOrganization || setOrganization.isPending}
      allowDeselect={false}
      {...ORGANIZATION_SEARCH}
      size="xs"
      w={170}
    />
  );

  const joined = <Text size="sm">{formatDate(user.createdAt)}</Text>;

  // Issue 14: whole words, never cut ("APPROV…"); the decision sits beside the status it changes.
  const status = (
    <>
      <Badge color={STATUS_COLOR[user.onboardingStatus]} variant="light" tt="none" styles={UNCLIPPED_BADGE}>
        {STATUS_LABEL[user.onboardingStatus]}
      </Badge>
      {user.onboardingStatus === "pending" || user.onboardingStatus === "submitted" ? (
        <ApproveUserButton user={user} styles={UNCLIPPED_BUTTON}>
          Approve User
        </ApproveUserButton>
      ) : null}
    </>
  );

  const twoFactor = (
    <Badge
      color={user.twoFactorEnabled ? "teal" : "gray"}
      variant={user.twoFactorEnabled ? "light" : "outline"}
      tt="none"
      styles={UNCLIPPED_BADGE}
    >
      {user.twoFactorEnabled ? "On" : "Off"}
    </Badge>
  );

  const roles = (
    <Stack gap={6}>
      <Group gap={4}>
        {user.roles.length === 0 ? (
          <Text size="sm" c="dimmed">
            No role
          </Text>
        ) : (
          user.roles.map((name) => (
            <Badge
              key={name}
              variant="light"
              tt="none"
              styles={UNCLIPPED_BADGE}
              color={roleBadgeColor(name)}
              rightSection={
                canTouchRole(name) ? (
                  <ActionIcon
                    size="xs"
                    variant="transparent"
                    color="gray"
                    aria-label={`Remove role ${roleLabel(name)} from ${user.email}`}
                    onClick={() => handleRemove(name)}
                    loading={removeRole.isPending}
                  >
                    <IconX size={12} />
                  </ActionIcon>
                ) : null
              }
            >
              {roleLabel(name)}
            </Badge>
          ))
        )}
      </Group>
      <Group gap={6} wrap="nowrap">
        <Select
          aria-label={`Role for ${user.email}`}
          placeholder={hasRole ? "Change role..." : "Add role..."}
          data={data.roles.map((r) => ({ value: r.name, label: roleLabel(r.name) }))}
          value={role}
          onChange={setRole}
          size="xs"
          w={170}
          disabled={user.roles.some((r) => !canTouchRole(r))}
        />
        <Button
          size="xs"
          variant="light"
          disabled={!role}
          loading={assignRole.isPending}
          onClick={handleAssign}
          styles={UNCLIPPED_BUTTON}
        >
          {hasRole ? "Change" : "Assign"}
        </Button>
      </Group>
    </Stack>
  );

  return { identity, organization, joined, status, twoFactor, roles };
}

/** One user as a row of the Users table (from the sm breakpoint on). */
export function UserRow(props: UserRowProps) {
  const c = useUserControls(props);
  return (
    <Table.Tr data-testid="user-row" data-email={props.user.email}>
      <Table.Td>{c.identity}</Table.Td>
      <Table.Td>{c.organization}</Table.Td>
      <Table.Td style={NO_WRAP}>{c.joined}</Table.Td>
      <Table.Td>
        <Stack gap={6} align="flex-start">
          {c.status}
        </Stack>
      </Table.Td>
      <Table.Td>{c.twoFactor}</Table.Td>
      <Table.Td>{c.roles}</Table.Td>
    </Table.Tr>
  );
}

/** The same user as a card (on a phone: the six columns would scroll sideways, hiding Approve and the roles). */
export function UserCard(props: UserRowProps) {
  const c = useUserControls(props);
  const field = (label: string, value: React.ReactNode) => (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      {value}
    </div>
  );
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="user-row" data-email={props.user.email}>
      <Stack gap="xs">
        <div>{c.identity}</div>
        <Group gap="xs" align="center">
          {c.status}
        </Group>
        {field("Organization", c.organization)}
        <Group gap="xl">
          {field("Joined", c.joined)}
          {field("Two-factor", <div>{c.twoFactor}</div>)}
        </Group>
        {field("Role", c.roles)}
      </Stack>
    </Paper>
  );
}
