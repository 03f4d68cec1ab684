import { useEffect, useMemo, useRef } from "react";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  Anchor,
  Badge,
  Container,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { NETWORK_ERROR_MESSAGE, plural, USER_CREATE_REFRESH_MS } from "@cultivate/shared";
import { errorMessage } from "@/lib/api-client";
import { useOrganizationNames } from "@/lib/organization-names";
import { usePhone } from "@/lib/phone";
import { queryKeys } from "@/lib/query-keys";
import { ListPager, useListPageControls } from "@/components/ui/list-pager";
import { SearchBox } from "@/components/ui/search-box";
import type { UrlParamChanges } from "@/lib/url-params";
import { useUsers, type UserListParams } from "../api/users";
import { AddUserForm } from "./add-user-form";
import { ApplicationsSection } from "./applications-section";
import { NO_ORGANIZATION, UserCard, UserRow } from "./user-row";

const STATUS_OPTIONS = [
  { value: "pending", label: "Pending" },
  { value: "submitted", label: "Submitted" },
  { value: "approved", label: "Approved" },
];

/** User management, docs/RULES.md, Administration (admins: everyone or one organisation; owners: their organisation). */
export function UserManagement({
  params,
  onChange,
}: {
  params: UserListParams;
  onChange: (changes: UrlParamChanges, replace?: boolean) => void;
}) {
  const { organizationId, q, status, page } = params;
  const queryClient = useQueryClient();
  const { data, isPending, error } = useUsers(params);
  const phone = usePhone();
  const filtered = Boolean(q || status);
  const { search, setPage } = useListPageControls(page, data, onChange);
  // An admin moves users between any organisations: the names of all of them, read once and shared with the
  // other pickers; the list's answer names only its page's (owners: their own, the only choice).
  const names = useOrganizationNames(data?.permissions.changeOrganization ?? false);
  const offered = data?.permissions.changeOrganization ? names.data : data?.organizations;
  const organizationOptions = useMemo(
    () => [
      { value: NO_ORGANIZATION, label: "No organization" },
      ...(offered ?? data?.organizations ?? []).map((o) => ({ value: o.id, label: o.name })),
    ],
    [offered, data?.organizations],
  );
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
          <Alert color="red" role="alert">{`Failed to load data: ${errorMessage(error, NETWORK_ERROR_MESSAGE)}`}</Alert>
        ) : null}

        {data?.permissions.decideApplications ? (
          <ApplicationsSection users={data.applicants} total={data.applicantTotal} />
        ) : null}

        <Paper withBorder radius="md" p="lg">
          <Group justify="space-between" mb="md">
            <Title order={2} size="h4">
              Users
            </Title>
            {data ? (
              <Group gap="xs">
                <Badge variant="light" size="lg">
                  {plural(data.total, "user")}
                </Badge>
                <Badge variant="light" size="lg" color="blue">
                  {plural(data.organizationTotal, "organization")}
                </Badge>
                <Badge variant="light" size="lg" color="grape">
                  {plural(data.roles.length, "role")}
                </Badge>
              </Group>
            ) : null}
          </Group>
          <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
            <SearchBox value={q} onSearch={search} label="Search users" placeholder="Email, name or organization" />
            <Select
              label="Status"
              placeholder="All statuses"
              data={STATUS_OPTIONS}
              value={status}
              onChange={(v) => onChange({ status: v ?? undefined, page: undefined })}
              clearable
              w={180}
            />
          </Group>
          {isPending ? (
            <Stack>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} h={40} />
              ))}
            </Stack>
          ) : data && data.total === 0 ? (
            <Text c="dimmed">{filtered ? "No users match this search." : "No users yet."}</Text>
          ) : data && phone ? (
            // A phone: a card per user, so Approve and the role controls are on the screen.
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label="Users">
              {data.users.map((user) => (
                <UserCard key={user.id} user={user} data={data} organizationOptions={organizationOptions} />
              ))}
            </Stack>
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
                    <UserRow key={user.id} user={user} data={data} organizationOptions={organizationOptions} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
          {data ? (
            <ListPager
              page={page}
              pageSize={data.pageSize}
              total={data.total}
              noun="user"
              onPage={setPage}
              label="User pages"
              testId="user-list-count"
            />
          ) : null}
        </Paper>
      </Stack>
    </Container>
  );
}
