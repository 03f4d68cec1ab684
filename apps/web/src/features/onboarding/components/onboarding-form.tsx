import { useState, type FormEvent, type ReactNode } from "react";
import {
  Button,
  Container,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import {
  AI_TOOLS_OPTIONS,
  ANNUAL_BUDGET_OPTIONS,
  FULL_TIME_STAFF_OPTIONS,
  FUNDRAISING_TYPE_OPTIONS,
  NOT_LOGGED_IN_ONBOARDING_MESSAGE,
  ONBOARDING_SUCCESS_MESSAGE,
  OTHER_ROLE_VALUE,
  REQUIRED_FIELDS_MESSAGE,
  ROLE_OPTIONS,
  SOFTWARE_COMFORT_OPTIONS,
  YEARS_WORKED_OPTIONS,
  onboardingInputSchema,
} from "@cultivate/shared";
import { ApiClientError } from "@/lib/api-client";
import { onboardingFailedMessage } from "@/lib/messages";
import { notify } from "@/lib/notify";
import { FormError } from "@/components/ui/form-error";
import { useSubmitOnboarding } from "../api/submit-onboarding";

/** Form state, keyed like onboardingInputSchema; the schema turns blanks into nulls. */
interface OnboardingFormValues {
  organizationName: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  website: string;
  role: string | null;
  otherRole: string;
  yearsWorked: string | null;
  fundraisingTypes: string[];
  otherFundraising: string;
  numDonors: string | number;
  annualBudget: string | null;
  fullTimeStaff: string | null;
  crmDb: string;
  softwareComfort: string | null;
  aiTools: string;
  aiToolsText: string;
  cultivateUse: string;
}

type TextField = {
  [K in keyof OnboardingFormValues]: OnboardingFormValues[K] extends string ? K : never;
}[keyof OnboardingFormValues];

const INITIAL_VALUES: OnboardingFormValues = {
  organizationName: "",
  firstName: "",
  lastName: "",
  phoneNumber: "",
  website: "",
  role: null,
  otherRole: "",
  yearsWorked: null,
  fundraisingTypes: [],
  otherFundraising: "",
  numDonors: "",
  annualBudget: null,
  fullTimeStaff: null,
  crmDb: "",
  softwareComfort: null,
  aiTools: "",
  aiToolsText: "",
  cultivateUse: "",
};

const roleData = ROLE_OPTIONS.map((o) => ({ value: o.value, label: o.label }));

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      </div>
      {children}
    </Stack>
  );
}

export function OnboardingForm({ onSubmitted }: { onSubmitted: () => void }) {
  const submit = useSubmitOnboarding();
  const [values, setValues] = useState<OnboardingFormValues>(INITIAL_VALUES);
  const [error, setError] = useState<string | null>(null);

  const set =
    <K extends keyof OnboardingFormValues>(key: K) =>
    (value: OnboardingFormValues[K]) => {
      setValues((current) => ({ ...current, [key]: value }));
      setError(null); // the message described the previous attempt
    };
  const text = (key: TextField) => ({
    value: values[key],
    onChange: (event: { currentTarget: { value: string } }) => set(key)(event.currentTarget.value),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!values.organizationName.trim() || !values.firstName.trim() || !values.lastName.trim()) {
      setError(REQUIRED_FIELDS_MESSAGE);
      return;
    }
    // The same schema the server applies: trims, turns blanks into null, drops stale detail texts.
    const parsed = onboardingInputSchema.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? REQUIRED_FIELDS_MESSAGE);
      return;
    }
    submit.mutate(parsed.data, {
      onSuccess: () => {
        notify.success(ONBOARDING_SUCCESS_MESSAGE);
        onSubmitted();
      },
      onError: (err) => {
        if (err instanceof ApiClientError && err.status === 401) {
          setError(NOT_LOGGED_IN_ONBOARDING_MESSAGE);
        } else {
          notify.error(onboardingFailedMessage(err.message));
        }
      },
    });
  };

  return (
    <Container size="md" py="xl">
      <Stack gap={4} mb="lg">
        <Title order={1}>Tell us about your organization</Title>
        <Text c="dimmed">
          A few details help us set up Cultivate for your team. Fields marked with an asterisk are required.
        </Text>
      </Stack>
      <Paper withBorder shadow="xs" radius="md" p={{ base: "md", sm: "xl" }}>
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="xl">
            <Section title="About you" description="Who you are and where you work.">
              <TextInput label="Organization Name" required autoComplete="organization" {...text("organizationName")} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="First Name" required autoComplete="given-name" {...text("firstName")} />
                <TextInput label="Last Name" required autoComplete="family-name" {...text("lastName")} />
                <TextInput label="Phone" type="tel" autoComplete="tel" {...text("phoneNumber")} />
                <TextInput label="Website" type="url" autoComplete="url" placeholder="https://" {...text("website")} />
              </SimpleGrid>
            </Section>

            <Section title="Your role" description="Your position and fundraising experience.">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label="Role"
                  placeholder="Select your role"
                  data={roleData}
                  clearable
                  value={values.role}
                  onChange={set("role")}
                />
                <Select
                  label="Years Worked"
                  placeholder="Select years in fundraising"
                  data={[...YEARS_WORKED_OPTIONS]}
                  clearable
                  value={values.yearsWorked}
                  onChange={set("yearsWorked")}
                />
              </SimpleGrid>
              {values.role === OTHER_ROLE_VALUE ? (
                <TextInput label="Please specify your role" {...text("otherRole")} />
              ) : null}
            </Section>

            <Section title="Your fundraising" description="The shape and size of your fundraising program.">
              <MultiSelect
                label="Fundraising Types"
                placeholder={values.fundraisingTypes.length ? undefined : "Select all that apply"}
                data={[...FUNDRAISING_TYPE_OPTIONS]}
                clearable
                value={values.fundraisingTypes}
                onChange={set("fundraisingTypes")}
              />
              {values.fundraisingTypes.includes("Other") ? (
                <TextInput label="Other fundraising type" {...text("otherFundraising")} />
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput
                  label="Number of Donors"
                  description="Approximate number of active donors"
                  min={0}
                  allowNegative={false}
                  allowDecimal={false}
                  thousandSeparator=","
                  value={values.numDonors}
                  onChange={set("numDonors")}
                />
                <Select
                  label="Annual Budget"
                  placeholder="Select a range"
                  data={[...ANNUAL_BUDGET_OPTIONS]}
                  clearable
                  value={values.annualBudget}
                  onChange={set("annualBudget")}
                />
                <Select
                  label="Full-Time Staff"
                  placeholder="Select team size"
                  data={[...FULL_TIME_STAFF_OPTIONS]}
                  clearable
                  value={values.fullTimeStaff}
                  onChange={set("fullTimeStaff")}
                />
                <TextInput label="CRM/Database" placeholder="e.g. Salesforce, Bloomerang" {...text("crmDb")} />
              </SimpleGrid>
            </Section>

            <Section title="Technology" description="How you work with software and AI today.">
              <Select
                label="Software Comfort"
                placeholder="How comfortable are you with new software?"
                data={[...SOFTWARE_COMFORT_OPTIONS]}
                clearable
                value={values.softwareComfort}
                onChange={set("softwareComfort")}
              />
              <Radio.Group label="Have you used AI tools before?" value={values.aiTools} onChange={set("aiTools")}>
                <Group mt="xs">
                  {AI_TOOLS_OPTIONS.map((option) => (
                    <Radio key={option} value={option} label={option} />
                  ))}
                </Group>
              </Radio.Group>
              {values.aiTools === "Yes" ? (
                <Textarea label="Which AI tools have you used?" autosize minRows={2} {...text("aiToolsText")} />
              ) : null}
              <Textarea label="How will you use Cultivate?" autosize minRows={3} {...text("cultivateUse")} />
            </Section>

            <Stack gap="sm">
              <FormError message={error} />
              <Group justify="flex-end">
                <Button type="submit" size="md" loading={submit.isPending}>
                  Submit
                </Button>
              </Group>
            </Stack>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
