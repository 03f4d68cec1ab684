import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { formatNumber, plural, type PipelineStage } from "@cultivate/shared";

const days = (d: number | null) => (d === null ? "—" : plural(Math.round(d * 10) / 10, "day"));

/** Donors per current engagement stage, with the median days they have spent in it. */
export function PipelineChart({ stages, title }: { stages: PipelineStage[]; title: string }) {
  const total = stages.reduce((n, s) => n + s.donors, 0);
  return (
    <Paper withBorder radius="md" p="lg" data-testid="pipeline-chart">
      <Title order={2} size="h4" mb={4}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Donors by current engagement stage, with the median time they have spent in it.
      </Text>
      {total === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No donors in the pipeline yet.
        </Text>
      ) : (
        <Stack>
          <BarChart
            h={260}
            data={stages.map((s) => ({ stage: s.stage, Donors: s.donors }))}
            dataKey="stage"
            series={[{ name: "Donors", color: "teal.6" }]}
            tickLine="y"
            valueFormatter={formatNumber}
            withBarValueLabel
          />
          {/* The chart's numbers in words too: a screen reader gets nothing from the bars. */}
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} role="list" aria-label="Donors by stage">
            {stages.map((s) => (
              <div key={s.stage} role="listitem">
                <Text size="xs" c="dimmed">
                  {s.stage}
                </Text>
                <Text size="sm" fw={600}>
                  {plural(s.donors, "donor")}
                </Text>
                <Text size="sm">{`median ${days(s.medianDaysInStage)}`}</Text>
              </div>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Paper>
  );
}
