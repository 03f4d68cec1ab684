import { Link } from "react-router";
import { Alert, Anchor, Grid, Loader, Paper, Table, Text, Title } from "@mantine/core";
import { formatMoney, formatNumber, plural } from "@cultivate/shared";
import { Breakable } from "@/components/ui/breakable";
import { errorMessage } from "@/lib/api-client";
import { usePortfolioDashboard } from "../api/dashboards";

const donorsLink = (portfolio: string) => `/donors?filters=${encodeURIComponent(JSON.stringify({ portfolio }))}`;

/**
 * Issue 15, Portfolios (docs/RULES.md, Portfolios): each relationship manager's portfolio (donors and total
 * Estimated Capacity, each a link to the list filtered on it) and the unassigned donors with the highest capacity.
 */
export function PortfolioCard() {
  const query = usePortfolioDashboard(true);
  if (query.isPending) return <Loader size="sm" aria-label="Loading portfolios" />;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {errorMessage(query.error, "Failed to load the portfolios.")}
      </Alert>
    );
  const data = query.data;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="portfolios-title">
          <Title order={2} size="h3" id="portfolios-title" mb="sm">
            Portfolios
          </Title>
          {/* Three columns fit a phone when an email wraps after its @ and dots (only below 280 px it scrolls). */}
          <Table.ScrollContainer minWidth={280}>
            <Table striped aria-labelledby="portfolios-title" data-testid="portfolio-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Relationship Manager</Table.Th>
                  <Table.Th ta="right">Donors</Table.Th>
                  <Table.Th ta="right">Total Capacity</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.portfolios.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>
                      <Anchor component={Link} to={donorsLink(p.id)} size="sm">
                        <Breakable text={p.name ?? p.email} />
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{formatNumber(p.donors)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(p.capacity)}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Td>
                    <Anchor component={Link} to={donorsLink("unassigned")} size="sm" fs="italic">
                      Unassigned
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{formatNumber(data.unassigned.donors)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(data.unassigned.capacity)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="unassigned-title">
          <Title order={2} size="h3" id="unassigned-title" mb="sm">
            Unassigned, highest capacity
          </Title>
          {data.topUnassigned.length === 0 ? (
            <Text c="dimmed" size="sm">
              Every donor with a capacity has a relationship manager.
            </Text>
          ) : (
            <Table aria-labelledby="unassigned-title" data-testid="top-unassigned">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Donor</Table.Th>
                  <Table.Th ta="right">Capacity</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.topUnassigned.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/donor/${d.id}/dashboard`} size="sm">
                        {[d.firstName, d.lastName].filter(Boolean).join(" ") || "N/A"}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(d.estimatedCapacity)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Text size="xs" c="dimmed" mt="xs">
            {plural(data.unassigned.donors, "donor")} without a relationship manager.
          </Text>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
