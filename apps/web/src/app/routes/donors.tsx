import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import {
  IconDeviceFloppy,
  IconDownload,
  IconFilter,
  IconHistory,
  IconUpload,
  IconUsersGroup,
} from "@tabler/icons-react";
import {
  DONOR_MESSAGES,
  DONOR_PAGE_SIZE_DEFAULT,
  DONOR_SORT_KEYS,
  PORTFOLIO_FILTER_MINE,
  PORTFOLIO_MESSAGES,
  areDonorFiltersEmpty,
  decodeDonorFilters,
  describeDonorFilters,
  donorSortFirstDir,
  encodeDonorFilters,
  formatNumber,
  plural,
  type DonorFilterChip,
  type DonorSortKey,
} from "@cultivate/shared";
import { OrganizationPicker } from "@/components/ui/organization-picker";
import { useMe } from "@/features/auth/api/get-me";
import { RequirePermission } from "@/features/auth/components/require-permission";
import { useDonorGroups, useGroupMembership, useSaveFilterGroup } from "@/features/donor-groups/api/donor-groups";
import { useGroupOrganizationLabel } from "@/features/donor-groups/api/organization-label";
import { FindGroupModal } from "@/features/donor-groups/components/find-group-modal";
import { SaveGroupModal } from "@/features/donor-groups/components/save-group-modal";
import { useExportDonors } from "@/features/donors/api/export-donors";
import {
  donorListQueryOptions,
  useDonorList,
  useDsRatings,
  type DonorListParams,
} from "@/features/donors/api/list-donors";
import { useBulkAssignRelationshipManager, useRelationshipManagers } from "@/features/donors/api/portfolio";
import { managerName } from "@/features/donors/components/relationship-manager-field";
import { ActiveFilters } from "@/features/donors/components/active-filters";
import { DonorCards } from "@/features/donors/components/donor-cards";
import { DONOR_FILTERS_PANEL_ID, DonorFiltersPanel } from "@/features/donors/components/donor-filters-panel";
import { DonorTable } from "@/features/donors/components/donor-table";
import { SelectionBar, type GroupOption } from "@/features/donors/components/selection-bar";
import { UploadCsvModal } from "@/features/donors/components/upload-csv-modal";
import { ApiClientError, errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useOrganizationNames } from "@/lib/organization-names";
import { can } from "@/lib/permissions";
import { usePageTitle } from "@/lib/page-title";
import { usePhone } from "@/lib/phone";
import { useUrlParams } from "@/lib/url-params";

const PAGE_SIZES = ["25", "50", "100", "200"];
/** No DS ratings yet (one array, so the filters panel keeps its render while they load). */
const NO_RATINGS: string[] = [];

export function DonorsRoute() {
  usePageTitle("Donors");
  return (
    <RequirePermission
      permission="viewDonors"
      deniedTitle={DONOR_MESSAGES.accessDeniedTitle}
      deniedMessage={DONOR_MESSAGES.accessDenied}
    >
      <DonorList />
    </RequirePermission>
  );
}

function useUrlState() {
  const [params, updateParams] = useUrlParams();
  const sortParam = params.get("sort");
  const sort: DonorSortKey = (DONOR_SORT_KEYS as readonly string[]).includes(sortParam ?? "")
    ? (sortParam as DonorSortKey)
    : "lastName";
  const state = {
    filters: params.get("filters") ?? "",
    staticGroup: params.get("staticGroup") ?? undefined,
    staticGroupName: params.get("staticGroupName") ?? undefined,
    organizationId: params.get("organizationId") ?? undefined,
    sort,
    dir: params.get("dir") === "desc" ? ("desc" as const) : ("asc" as const),
    page: Math.max(1, Number(params.get("page")) || 1),
    pageSize: PAGE_SIZES.includes(params.get("size") ?? "") ? Number(params.get("size")) : DONOR_PAGE_SIZE_DEFAULT,
  };
  /**
   * Sets (or, for undefined/"", removes) URL parameters; anything but paging returns to page 1. Paging, sorting
   * and the organisation are steps of their own (`push`: Back returns to the previous page of the list, issue 14);
   * typed filters replace the entry, so Back does not replay every keystroke. `update` stays the same function
   * (useUrlParams' is stable), so the memoised filters panel does not re-render for it (ADR 039).
   */
  const update = useCallback(
    (changes: Record<string, string | undefined>, opts: { keepPage?: boolean; push?: boolean } = {}) =>
      updateParams(
        (next) => {
          for (const [k, v] of Object.entries(changes)) {
            if (v === undefined || v === "") next.delete(k);
            else next.set(k, v);
          }
          if (!opts.keepPage) next.delete("page");
          return next;
        },
        { replace: !opts.push },
      ),
    [updateParams],
  );
  return { state, update };
}

function DonorList() {
  const { state, update } = useUrlState();
  // Closed by default (issue 14: open, it pushed the first donor 640 px down); the chips show what is in force.
  const [showFilters, { toggle: toggleFilters }] = useDisclosure(false);
  const phone = usePhone();
  const [uploadOpen, upload] = useDisclosure(false);
  const [saveOpen, saveModal] = useDisclosure(false);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());

  const listParams: DonorListParams = {
    filters: state.filters,
    sort: state.sort,
    dir: state.dir,
    page: state.page,
    pageSize: state.pageSize,
    staticGroup: state.staticGroup,
    organizationId: state.organizationId,
  };
  const list = useDonorList(listParams);
  const me = useMe().data;
  const isAdmin = can(me, "seeAllOrganizations");
  const organizations = useOrganizationNames(isAdmin);
  // The menus' first page of groups by name; past it, FindGroupModal searches (ADR 072).
  const groups = useDonorGroups({ organizationId: state.organizationId });
  const [findGroupFor, setFindGroupFor] = useState<"add" | "remove" | null>(null);
  const findGroupOpener = useRef<HTMLElement | null>(null);
  const membership = useGroupMembership();
  const saveGroup = useSaveFilterGroup();
  const exporter = useExportDonors();

  const filterSettings = useMemo(() => decodeDonorFilters(state.filters), [state.filters]);
  const filtersEmpty = areDonorFiltersEmpty(filterSettings);

  // Issue 15, Portfolios: the organisation's managers name the filter's colleagues, the chip and "Assign to…".
  const canAssign = can(me, "assignRelationshipManagers");
  const managers = useRelationshipManagers(state.organizationId, !!me && !!(state.organizationId || me.organization));
  const managerList = managers.data;
  const portfolioOptions = useMemo(
    () => (managerList ?? []).map((m) => ({ value: m.id, label: managerName(m) })),
    [managerList],
  );
  const managerNames = useMemo(
    () => Object.fromEntries(portfolioOptions.map((o) => [o.value, o.label])),
    [portfolioOptions],
  );
  const chips = useMemo(() => describeDonorFilters(filterSettings, managerNames), [filterSettings, managerNames]);
  const bulkAssign = useBulkAssignRelationshipManager();

  useEffect(() => {
    if (list.isError) notify.error(DONOR_MESSAGES.loadDonorsFailed(errorMessage(list.error, "unknown error")));
  }, [list.isError, list.error]);

  // A different set of donors is on screen: a selection made for the old one no longer applies.
  useEffect(
    () => setSelected((s) => (s.size ? new Set() : s)),
    [state.filters, state.staticGroup, state.organizationId],
  );

  // TanStack Query keeps the same array while the ratings do not change, so the filters panel keeps its render.
  const dsRatings = useDsRatings(state.organizationId).data ?? NO_RATINGS;

  const rows = list.data?.rows ?? [];
  const visibleIds = rows.map((r) => r.id);
  const allVisibleSelected = visibleIds.length > 0 && visibleIds.every((id) => selected.has(id));

  const onToggle = useCallback(
    (id: string) =>
      setSelected((s) => {
        const next = new Set(s);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  const organizationOf = useGroupOrganizationLabel(state.organizationId);
  const groupOptions = useMemo(
    () =>
      (groups.data?.groups ?? []).map((g) => ({ id: g.id, name: g.name, detail: organizationOf?.(g.organizationId) })),
    [groups.data, organizationOf],
  );

  /** The spec's warning when Add to Group or Remove from Group is used with nothing selected; true then. */
  const nothingSelected = (action: "add" | "remove") => {
    if (selected.size > 0) return false;
    notify.warning(action === "add" ? DONOR_MESSAGES.selectDonorsToAdd : DONOR_MESSAGES.selectDonorsToRemove);
    return true;
  };

  const changeMembership = (group: GroupOption, action: "add" | "remove") => {
    if (nothingSelected(action)) return;
    membership.mutate(
      { groupId: group.id, donorIds: [...selected], action },
      {
        onSuccess: (res) => {
          notify.success(res.message);
          setSelected(new Set());
          if (state.staticGroup) void list.refetch();
        },
        onError: (error) => {
          const message = errorMessage(error, "unknown error");
          notify.error(
            action === "add" ? DONOR_MESSAGES.addToGroupFailed(message) : DONOR_MESSAGES.removeFromGroupFailed(message),
          );
          setSelected(new Set());
        },
      },
    );
  };

  const onSaveGroup = (name: string) =>
    saveGroup
      .mutateAsync({ name, filterSettings, organizationId: state.organizationId })
      .then(() => notify.success(DONOR_MESSAGES.saveFilterSuccess(name)))
      .catch((error: unknown) => {
        if (error instanceof ApiClientError && error.status === 401) notify.error(DONOR_MESSAGES.saveFilterNotLoggedIn);
        else notify.error(DONOR_MESSAGES.saveFilterFailed(errorMessage(error, "unknown error")));
        throw error;
      });

  const onExport = () =>
    exporter.mutate(
      {
        filters: state.filters,
        sort: state.sort,
        dir: state.dir,
        staticGroup: state.staticGroup,
        organizationId: state.organizationId,
      },
      { onError: (error) => notify.error(`Failed to export donors: ${errorMessage(error, "unknown error")}`) },
    );

  // A new column sorts its own way first (amounts and scores largest first); the same column again flips it.
  const onSort = useCallback(
    (key: DonorSortKey) =>
      update(
        {
          sort: key,
          dir: state.sort === key ? (state.dir === "asc" ? "desc" : "asc") : donorSortFirstDir(key),
        },
        { push: true },
      ),
    [update, state.sort, state.dir],
  );
  const onSortChange = useCallback(
    (key: DonorSortKey, dir: "asc" | "desc") => update({ sort: key, dir }, { push: true }),
    [update],
  );

  const queryClient = useQueryClient();
  const listParamsRef = useRef(listParams);
  listParamsRef.current = listParams;
  const onFiltersChange = useCallback(
    (encoded: string) => {
      // Asked for in the click itself: the request is on its way while the page re-renders for the new URL,
      // and the list's query (same key) picks it up (ADR 039).
      void queryClient.prefetchQuery(donorListQueryOptions({ ...listParamsRef.current, filters: encoded, page: 1 }));
      update({ filters: encoded });
    },
    [queryClient, update],
  );

  const onRemoveChip = useCallback(
    (chip: DonorFilterChip) => {
      const next: Record<string, unknown> = { ...filterSettings };
      for (const key of chip.keys) delete next[key];
      onFiltersChange(encodeDonorFilters(next));
    },
    [filterSettings, onFiltersChange],
  );
  const onClearFilters = useCallback(() => onFiltersChange(""), [onFiltersChange]);

  // Issue 15: an officer (who cannot assign portfolios) opens the list on their own portfolio, once per visit of
  // the page, when the address names no filters and they have donors of their own (an empty portfolio would
  // open on an empty list); "All donors" (or clearing) then stays all donors. The check is the list's own query,
  // so the switch reads it from the cache.
  const openedOnPortfolio = useRef(false);
  const hasFiltersParam = state.filters !== "";
  useEffect(() => {
    if (openedOnPortfolio.current || !me) return;
    openedOnPortfolio.current = true;
    if (canAssign || !can(me, "viewDonors") || !me.organization || hasFiltersParam || state.staticGroup) return;
    const mine = encodeDonorFilters({ portfolio: PORTFOLIO_FILTER_MINE });
    queryClient
      .fetchQuery(donorListQueryOptions({ ...listParamsRef.current, filters: mine, page: 1 }))
      .then((r) => {
        // Not if the user chose filters meanwhile.
        if (r.total > 0 && listParamsRef.current.filters === "") update({ filters: mine });
      })
      .catch(() => undefined);
  }, [me, canAssign, hasFiltersParam, state.staticGroup, update, queryClient]);
  const portfolio = filterSettings.portfolio;
  const setPortfolio = (value: string | undefined) => {
    const next: Record<string, unknown> = { ...filterSettings };
    if (value) next.portfolio = value;
    else delete next.portfolio;
    onFiltersChange(encodeDonorFilters(next));
  };

  const onAssign = (manager: { id: string; name: string } | null) => {
    if (selected.size === 0) {
      notify.warning("Select the donors to assign first.");
      return;
    }
    bulkAssign.mutate(
      { donorIds: [...selected], userId: manager?.id ?? null },
      {
        onSuccess: () => {
          notify.success(
            manager
              ? PORTFOLIO_MESSAGES.bulkAssigned(selected.size, manager.name)
              : PORTFOLIO_MESSAGES.bulkUnassigned(selected.size),
          );
          setSelected(new Set());
        },
        onError: (error) => notify.error(errorMessage(error, DONOR_MESSAGES.relationshipManagerNotSaved)),
      },
    );
  };

  const resultsRef = useRef<HTMLDivElement>(null);
  const onPage = (p: number) => {
    update({ page: String(p) }, { keepPage: true, push: true });
    // The next page starts at its first donor, not where the pager was.
    const top = resultsRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) resultsRef.current?.scrollIntoView({ block: "start" });
  };
  const onOrganization = (organizationId: string | null) =>
    // A static group belongs to one organisation: choosing another leaves it.
    update(
      { organizationId: organizationId ?? undefined, staticGroup: undefined, staticGroupName: undefined },
      { push: true },
    );

  const groupName = list.data?.group?.name ?? state.staticGroupName;
  const data = list.data;
  const first = data && data.total ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? Math.min(data.total, data.page * data.pageSize) : 0;

  return (
    <Container fluid px={{ base: "md", md: "xl" }} py="lg" maw={1600}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1}>Donors</Title>
            {state.staticGroup || !filtersEmpty ? (
              <Group gap="xs" mt={4}>
                {state.staticGroup ? (
                  <Badge size="lg" variant="light" leftSection={<IconUsersGroup size={14} />}>
                    Group: {groupName ?? "…"}
                  </Badge>
                ) : null}
                <Anchor
                  component={Link}
                  to={
                    state.organizationId
                      ? `/donors?organizationId=${encodeURIComponent(state.organizationId)}`
                      : "/donors"
                  }
                  size="sm"
                >
                  View all donors
                </Anchor>
              </Group>
            ) : null}
            {me?.organization || state.organizationId ? (
              <Button.Group mt="xs" aria-label="Portfolio">
                <Button
                  size="compact-sm"
                  variant={portfolio === PORTFOLIO_FILTER_MINE ? "filled" : "default"}
                  aria-pressed={portfolio === PORTFOLIO_FILTER_MINE}
                  onClick={() => setPortfolio(PORTFOLIO_FILTER_MINE)}
                >
                  My portfolio
                </Button>
                <Button
                  size="compact-sm"
                  variant={!portfolio ? "filled" : "default"}
                  aria-pressed={!portfolio}
                  onClick={() => setPortfolio(undefined)}
                >
                  All donors
                </Button>
              </Button.Group>
            ) : null}
          </div>
          <Group gap="xs" align="flex-end">
            {isAdmin ? (
              <OrganizationPicker
                organizations={organizations.data}
                loading={organizations.isPending}
                value={state.organizationId ?? null}
                onChange={onOrganization}
              />
            ) : null}
            <Button
              variant={showFilters ? "light" : "default"}
              leftSection={<IconFilter size={16} />}
              rightSection={
                chips.length ? (
                  <Badge size="sm" circle aria-hidden>
                    {chips.length}
                  </Badge>
                ) : null
              }
              onClick={toggleFilters}
              aria-expanded={showFilters}
              aria-controls={DONOR_FILTERS_PANEL_ID}
              aria-label={chips.length ? `Filters (${plural(chips.length, "active filter")})` : "Filters"}
            >
              Filters
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={onExport}
              loading={exporter.isPending}
            >
              Export CSV
            </Button>
            <Button variant="default" leftSection={<IconUpload size={16} />} onClick={upload.open}>
              Upload CSV
            </Button>
            {/* Everyone who may see the list may import (docs/RULES.md, Import): the history sits by the upload. */}
            <Button
              component={Link}
              to={
                state.organizationId
                  ? `/imports?organizationId=${encodeURIComponent(state.organizationId)}`
                  : "/imports"
              }
              variant="subtle"
              leftSection={<IconHistory size={16} />}
            >
              Import history
            </Button>
            <Button leftSection={<IconDeviceFloppy size={16} />} onClick={saveModal.open} disabled={filtersEmpty}>
              Save Group
            </Button>
            <Button component={Link} to="/donor-groups" variant="subtle" leftSection={<IconUsersGroup size={16} />}>
              Donor Groups
            </Button>
          </Group>
        </Group>

        {showFilters ? (
          <DonorFiltersPanel
            encoded={state.filters}
            dsRatings={dsRatings}
            onChange={onFiltersChange}
            portfolioOptions={portfolioOptions}
          />
        ) : null}

        <ActiveFilters chips={chips} onRemove={onRemoveChip} onClear={onClearFilters} />

        <SelectionBar
          selectedCount={selected.size}
          visibleCount={visibleIds.length}
          allVisibleSelected={allVisibleSelected}
          groups={groupOptions}
          moreGroups={Boolean(groups.data && groups.data.total > groups.data.groups.length)}
          onFindGroup={(action, opener) => {
            findGroupOpener.current = opener;
            if (!nothingSelected(action)) setFindGroupFor(action);
          }}
          busy={membership.isPending}
          onToggleAll={() => setSelected(allVisibleSelected ? new Set() : new Set(visibleIds))}
          onClear={() => setSelected(new Set())}
          onAdd={(g) => changeMembership(g, "add")}
          onRemove={(g) => changeMembership(g, "remove")}
          assign={
            canAssign
              ? {
                  managers: portfolioOptions.map((o) => ({ id: o.value, name: o.label })),
                  busy: bulkAssign.isPending,
                  onAssign,
                }
              : undefined
          }
        />

        <Paper
          ref={resultsRef}
          withBorder
          radius="md"
          p={0}
          pos="relative"
          data-testid="donor-results"
          // Which filters the rows on screen answer (absent while the previous rows stand in): the browser bench
          // times a filter change to this (bench/web-filter.bench.ts).
          data-filters={list.isPlaceholderData || !list.data ? undefined : state.filters}
        >
          {list.isPending ? (
            <Center py="xl" role="status" aria-label="Loading donors">
              <Group gap="xs">
                <Loader size="sm" />
                <Text c="dimmed">Loading donors…</Text>
              </Group>
            </Center>
          ) : list.isError ? (
            <Alert color="red" m="md" role="alert">
              {DONOR_MESSAGES.loadDonorsFailed(errorMessage(list.error, "unknown error"))}
              {state.filters ? (
                // A filter in the address the range rule refuses (a bookmark, a hand-edited link): one click out.
                <Button variant="light" color="red" size="compact-sm" ml="sm" onClick={onClearFilters}>
                  Clear filters
                </Button>
              ) : null}
            </Alert>
          ) : data && data.total === 0 ? (
            <Center py="xl">
              <Text c="dimmed" size="lg">
                {!filtersEmpty && (data.unfilteredTotal ?? 0) > 0
                  ? DONOR_MESSAGES.noDonorsMatch
                  : DONOR_MESSAGES.noDonors}
              </Text>
            </Center>
          ) : data ? (
            <>
              {list.isFetching ? <Loader size="xs" pos="absolute" top={8} right={8} aria-label="Updating" /> : null}
              {phone ? (
                <DonorCards
                  rows={rows}
                  selected={selected}
                  onToggle={onToggle}
                  sort={state.sort}
                  dir={state.dir}
                  onSortChange={onSortChange}
                  showOrganization={isAdmin}
                />
              ) : (
                <DonorTable
                  rows={rows}
                  selected={selected}
                  onToggle={onToggle}
                  sort={state.sort}
                  dir={state.dir}
                  onSort={onSort}
                  showOrganization={isAdmin}
                />
              )}
            </>
          ) : null}
        </Paper>

        {data && data.total > 0 ? (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed" data-testid="donor-count">
              Showing {formatNumber(first)}–{formatNumber(last)} of {plural(data.total, "donor")}
            </Text>
            <Group gap="sm">
              <Select
                aria-label="Rows per page"
                data={PAGE_SIZES}
                value={String(state.pageSize)}
                onChange={(v) => update({ size: v ?? undefined }, { push: true })}
                w={90}
                size="xs"
                allowDeselect={false}
              />
              <Pagination
                total={data.pageCount}
                value={data.page}
                onChange={onPage}
                size="sm"
                siblings={phone ? 0 : 1}
                getItemProps={(p) => ({ "aria-label": `Page ${p}` })}
                getControlProps={(c) => ({
                  "aria-label": `${c === "previous" ? "Previous" : c === "next" ? "Next" : c} page`,
                })}
                aria-label="Pages"
              />
            </Group>
          </Group>
        ) : null}
      </Stack>

      <UploadCsvModal opened={uploadOpen} onClose={upload.close} isAdmin={isAdmin} signedIn={!!me} />
      <SaveGroupModal
        opened={saveOpen}
        filters={filterSettings}
        saving={saveGroup.isPending}
        onClose={saveModal.close}
        onSave={onSaveGroup}
      />
      <FindGroupModal
        action={findGroupFor}
        organizationId={state.organizationId}
        organizationOf={organizationOf}
        selectedCount={selected.size}
        onClosed={() => findGroupOpener.current?.focus()}
        onClose={() => setFindGroupFor(null)}
        onPick={(g) => changeMembership(g, findGroupFor ?? "add")}
      />
    </Container>
  );
}
