import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, Anchor, Badge, Container, Group, Paper, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { plural, USER_CREATE_REFRESH_MS } from "@cultivate/shared";
import { errorMessage } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { useUsers } from "../api/users";
import { AddUserForm } from "./add-user-form";
import { ApplicationsSection } from "./applications-section";
import { UserRow } from "./user-row";

/** User management, docs/RULES.md, Administration (admins: everyone or one organisation; owners: their organisation). */
export function UserManagement({ organizationId }: { organizationId: string | null }) {
  const queryClient = useQueryClient();
  const { data, isPending, error } = useUsers(organizationId);
  const refreshTimer = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (refreshTimer.current) window.clearTimeout(refreshTimer.current);
    },
    [],
  );

  // docs/RULES.md, Display formats: the list refreshes one second after a user was created.
  const refreshSoon = () => {
    if (refreshTimer.current) window.clearTimeout(refreshTimer.current);
    refreshTimer.current = window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.all }),
      USER_CREATE_REFRESH_MS,
    );
  };

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          {organizationId ? (
            <Anchor component={Link} to="/admin/users" size="sm">
              <Group gap={4}>
                <IconArrowLeft size={14} />
                Back to all users
              </Group>
            </Anchor>
          ) : null}
          <Title order={1}>User Management</Title>
          {data?.organization ? (
            <Text c="dimmed" size="lg">
              {data.organization.name}
            </Text>
          ) : null}
        </div>

        <AddUserForm organizationId={organizationId} onCreated={refreshSoon} />

        {error ? (
          <Alert color="red" role="alert">{`Failed to load data: ${errorMessage(error, "Network error")}`}</Alert>
        ) : null}

        {data?.permissions.decideApplications ? <ApplicationsSection users={data.users} /> : null}

        <Paper withBorder radius="md" p="lg">
          <Group justify="space-between" mb="md">
            <Title order={2} size="h4">
              Users
            </Title>
            {data ? (
              <Group gap="xs">
                <Badge variant="light" size="lg">
                  {plural(data.users.length, "user")}
                </Badge>
                <Badge variant="light" size="lg" color="blue">
                  {plural(data.organizations.length, "organization")}
                </Badge>
                <Badge variant="light" size="lg" color="grape">
                  {plural(data.roles.length, "role")}
                </Badge>
              </Group>
            ) : null}
          </Group>
          {isPending ? (
            <Stack>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} h={40} />
              ))}
            </Stack>
          ) : data && data.users.length === 0 ? (
            <Text c="dimmed">No users yet.</Text>
          ) : data ? (
            // Issue 14: six columns that fit from 1280 px on (a narrower screen scrolls the table sideways).
            <Table.ScrollContainer minWidth={1040}>
              <Table verticalSpacing="sm" highlightOnHover aria-label="Users">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Email</Table.Th>
                    <Table.Th>Organization</Table.Th>
                    <Table.Th>Joined</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th style={{ whiteSpace: "nowrap" }}>Two-factor</Table.Th>
                    <Table.Th>Role</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.users.map((user) => (
                    <UserRow key={user.id} user={user} data={data} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
        </Paper>
      </Stack>
    </Container>
  );
}
