import { useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  IconBuilding,
  IconPencil,
  IconPlus,
  IconSpeakerphone,
  IconTrash,
  IconUsers,
  IconUserHeart,
} from "@tabler/icons-react";
import {
  NETWORK_ERROR_MESSAGE,
  formatDate,
  ORGANIZATION_NAME_REQUIRED_MESSAGE,
  formatNumber,
  organizationDeletionLines,
  plural,
  pluralWord,
  type Organization,
} from "@cultivate/shared";
import { FormError } from "@/components/ui/form-error";
import { ListPager, useListPageControls } from "@/components/ui/list-pager";
import { SearchBox } from "@/components/ui/search-box";
import type { UrlParamChanges } from "@/lib/url-params";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import {
  useCreateOrganization,
  useDeleteOrganization,
  useOrganizationDeletePreview,
  useOrganizations,
  useRenameOrganization,
  type OrganizationListParams,
} from "../api/organizations";

function CreateOrganizationForm() {
  const create = useCreateOrganization();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const trimmed = name.trim();
    if (!trimmed) {
      setError(ORGANIZATION_NAME_REQUIRED_MESSAGE);
      return;
    }
    create.mutate(trimmed, {
      onSuccess: (org) => {
        notify.success(`Organization "${org.name}" created successfully!`);
        setName("");
      },
      onError: (err) => notify.error(`Failed to save organization: ${errorMessage(err, NETWORK_ERROR_MESSAGE)}`),
    });
  };
  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            Create Organization
          </Title>
          <FormError message={error} />
          <Group align="flex-end">
            <TextInput
              label="Organization Name"
              description="Each organization needs a unique name."
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit" leftSection={<IconPlus size={16} />} loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function EditOrganizationModal({ organization, onClose }: { organization: Organization; onClose: () => void }) {
  const rename = useRenameOrganization();
  const [name, setName] = useState(organization.name);
  const [error, setError] = useState<string | null>(null);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const trimmed = name.trim();
    if (!trimmed) {
      setError(ORGANIZATION_NAME_REQUIRED_MESSAGE);
      return;
    }
    rename.mutate(
      { id: organization.id, name: trimmed },
      {
        onSuccess: (org) => {
          notify.success(`Organization "${org.name}" updated successfully!`);
          onClose();
        },
        onError: (err) => notify.error(`Failed to save organization: ${errorMessage(err, NETWORK_ERROR_MESSAGE)}`),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Edit Organization">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <FormError message={error} />
          <TextInput
            label="Organization Name"
            description="Each organization needs a unique name."
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Issue 11: the dialog lists everything the delete removes (from the server's preview), not only donors and campaigns. */
function DeleteOrganizationModal({ organization, onClose }: { organization: Organization; onClose: () => void }) {
  const remove = useDeleteOrganization();
  const preview = useOrganizationDeletePreview(organization.id);
  const [cascade, setCascade] = useState(false);
  const figures = preview.data;
  const hasData = figures
    ? Object.entries(figures).some(
        ([key, value]) =>
          key !== "organization" && key !== "keptActionHistory" && typeof value === "number" && value > 0,
      )
    : true;
  const handleDelete = () =>
    remove.mutate(
      { id: organization.id, cascade: hasData && cascade },
      {
        onSuccess: () => {
          notify.success(`Organization "${organization.name}" deleted.`);
          onClose();
        },
        onError: (err) => notify.error(`Failed to delete organization: ${errorMessage(err, NETWORK_ERROR_MESSAGE)}`),
      },
    );
  return (
    <Modal opened onClose={onClose} title="Delete Organization">
      <Stack>
        <Text>
          Delete <strong>{organization.name}</strong>? This cannot be undone.
        </Text>
        {preview.isPending ? <Skeleton h={80} /> : null}
        {preview.error ? (
          <Alert
            color="red"
            role="alert"
          >{`Failed to load what the delete removes: ${errorMessage(preview.error, NETWORK_ERROR_MESSAGE)}`}</Alert>
        ) : null}
        {figures && hasData ? (
          <>
            <Alert color="orange" variant="light" title="Deleting it removes" data-testid="delete-preview">
              <List size="sm" spacing={2}>
                {organizationDeletionLines(figures).map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
              {figures.keptActionHistory > 0 ? (
                <Text size="xs" mt="xs">
                  {`Its ${plural(figures.keptActionHistory, "action history row")} ${pluralWord(figures.keptActionHistory, "stays", "stay")} in the action history, no longer filed under an organization.`}
                </Text>
              ) : null}
            </Alert>
            <Checkbox
              checked={cascade}
              onChange={(e) => setCascade(e.currentTarget.checked)}
              label="Delete all of the above, and remove its users from it (their accounts stay; they fill in the onboarding form again)"
            />
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={handleDelete}
            disabled={!figures || (hasData && !cascade)}
            loading={remove.isPending}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function OrganizationCard({
  organization,
  onEdit,
  onDelete,
}: {
  organization: Organization;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const id = encodeURIComponent(organization.id);
  return (
    <Card withBorder radius="md" p="md" data-testid="organization-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Anchor component={Link} to={`/donors?organizationId=${id}`} fw={700} size="lg">
            {organization.name}
          </Anchor>
          <Text size="sm" c="dimmed">
            {`Created ${formatDate(organization.createdAt)}`}
            {organization.updatedAt !== organization.createdAt
              ? ` · Last updated ${formatDate(organization.updatedAt)}`
              : ""}
          </Text>
          <Group gap="md">
            <Anchor component={Link} to={`/admin/users?organizationId=${id}`} size="sm">
              {plural(organization.userCount, "user")}
            </Anchor>
            <Anchor component={Link} to={`/donors?organizationId=${id}`} size="sm">
              {plural(organization.donorCount, "donor")}
            </Anchor>
            <Anchor component={Link} to={`/campaigns?organizationId=${id}`} size="sm">
              {plural(organization.campaignCount, "campaign")}
            </Anchor>
          </Group>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={onEdit}>
            Edit
          </Button>
          <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
            Delete
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

function TotalCard({ label, value, to, icon }: { label: string; value: number; to: string; icon: ReactNode }) {
  return (
    <Card withBorder radius="md" p="md" component={Link} to={to}>
      <Group>
        <ThemeIcon size={40} radius="md" variant="light">
          {icon}
        </ThemeIcon>
        <div>
          <Text size="xl" fw={800}>
            {formatNumber(value)}
          </Text>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
        </div>
      </Group>
    </Card>
  );
}

/** Organisation management, admin only (docs/RULES.md, Organisations), 50 a page with a search by name (ADR 067). */
export function OrganizationManagement({
  params,
  onChange,
}: {
  params: OrganizationListParams;
  onChange: (changes: UrlParamChanges, replace?: boolean) => void;
}) {
  const { q, page } = params;
  const { data, isPending, error } = useOrganizations(params);
  const { search, setPage } = useListPageControls(page, data, onChange);
  const [editing, setEditing] = useState<Organization | null>(null);
  const [deleting, setDeleting] = useState<Organization | null>(null);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>Organization Management</Title>
        <CreateOrganizationForm />
        {error ? (
          <Alert
            color="red"
            role="alert"
          >{`Failed to load organizations: ${errorMessage(error, NETWORK_ERROR_MESSAGE)}`}</Alert>
        ) : null}

        <div>
          <Title order={2} size="h4" mb="sm">
            System Overview
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TotalCard
              label="Total Users"
              value={data?.totals.users ?? 0}
              to="/admin/users"
              icon={<IconUsers size={22} />}
            />
            <TotalCard
              label="Total Donors"
              value={data?.totals.donors ?? 0}
              to="/donors"
              icon={<IconUserHeart size={22} />}
            />
            <TotalCard
              label="Total Campaigns"
              value={data?.totals.campaigns ?? 0}
              to="/admin/campaigns"
              icon={<IconSpeakerphone size={22} />}
            />
          </SimpleGrid>
        </div>

        <div>
          <Group gap="xs" mb="sm">
            <IconBuilding size={20} />
            <Title order={2} size="h4">
              {`Organizations${data ? ` (${formatNumber(data.total)})` : ""}`}
            </Title>
          </Group>
          <Group mb="sm">
            <SearchBox value={q} onSearch={search} label="Search organizations" placeholder="Organization name" />
          </Group>
          {isPending ? (
            <Stack>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} h={90} />
              ))}
            </Stack>
          ) : data && data.total === 0 ? (
            <Text c="dimmed">
              {q ? "No organizations match this search." : "No organizations yet. Create the first one above."}
            </Text>
          ) : (
            <Stack>
              {data?.organizations.map((org) => (
                <OrganizationCard
                  key={org.id}
                  organization={org}
                  onEdit={() => setEditing(org)}
                  onDelete={() => setDeleting(org)}
                />
              ))}
            </Stack>
          )}
          {data ? (
            <ListPager
              page={page}
              pageSize={data.pageSize}
              total={data.total}
              noun="organization"
              onPage={setPage}
              label="Organization pages"
              testId="organization-list-count"
            />
          ) : null}
        </div>
      </Stack>
      {editing ? <EditOrganizationModal organization={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteOrganizationModal organization={deleting} onClose={() => setDeleting(null)} /> : null}
    </Container>
  );
}
