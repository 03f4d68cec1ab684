import "@mantine/dates/styles.css";
import { useState, type FormEvent } from "react";
import dayjs from "dayjs";
import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { DateInput } from "@mantine/dates";
import {
  CAMPAIGN_MESSAGES,
  NETWORK_ERROR_MESSAGE,
  campaignInputSchema,
  type Campaign,
  type CampaignInput,
} from "@cultivate/shared";
import { FormError } from "@/components/ui/form-error";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useOrganizationNames } from "@/lib/organization-names";
import { useCreateCampaign, useUpdateCampaign } from "../api/campaigns";
import { organizationChoices } from "@/components/ui/organization-picker";

interface CampaignFormModalProps {
  opened: boolean;
  /** `created`: the form closes because a new campaign was saved. */
  onClose: (created?: boolean) => void;
  /** Edit mode when given, create mode otherwise (docs/RULES.md, Campaigns). */
  campaign: Campaign | null;
  /** The organisation a new campaign belongs to: the URL's organizationId, else the user's own. */
  organizationId: string | null;
  /** Admins without an organisation of their own pick one. */
  canPickOrganization: boolean;
}

type Values = {
  name: string;
  goal: string;
  startDate: string | null;
  endDate: string | null;
  details: string;
  officeInfo: string;
};
type Errors = Partial<Record<keyof Values, string>>;

const initialValues = (c: Campaign | null): Values => ({
  name: c?.name ?? "",
  goal: c?.goal ?? "",
  startDate: c?.startDate ?? null,
  endDate: c?.endDate ?? null,
  details: c?.details ?? "",
  officeInfo: c?.officeInfo ?? "",
});

/** Accepts what the picker writes ("Jan 5, 2025") and ISO dates typed by hand. */
const parseDate = (text: string): string | null => {
  const trimmed = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return dayjs(trimmed).isValid() ? trimmed : null;
  const d = new Date(trimmed);
  return Number.isNaN(d.getTime()) ? null : dayjs(d).format("YYYY-MM-DD");
};

const REQUIRED: Record<"startDate" | "endDate", string> = {
  startDate: "Start date is required.",
  endDate: "End date is required.",
};

export function CampaignFormModal(props: CampaignFormModalProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={() => props.onClose()}
      title={props.campaign ? "Edit Campaign" : "New Campaign"}
      size="lg"
    >
      {/* Remounted per opening so the form starts from the campaign being edited. */}
      {props.opened ? <CampaignForm key={props.campaign?.id ?? "new"} {...props} /> : null}
    </Modal>
  );
}

function CampaignForm({ onClose, campaign, organizationId, canPickOrganization }: CampaignFormModalProps) {
  const [values, setValues] = useState<Values>(() => initialValues(campaign));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pickedOrg, setPickedOrg] = useState<string | null>(null);
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const askOrganization = !campaign && !organizationId && canPickOrganization;
  const orgOptions = useOrganizationNames(askOrganization);
  const saving = create.isPending || update.isPending;

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const targetOrg = organizationId ?? pickedOrg;
    const input: CampaignInput = {
      name: values.name,
      goal: values.goal,
      startDate: values.startDate ?? "",
      endDate: values.endDate ?? "",
      details: values.details,
      officeInfo: values.officeInfo,
      organizationId: targetOrg,
    };
    // The same schema the server applies, so the form shows the server's wording.
    const parsed = campaignInputSchema.safeParse(input);
    const next: Errors = {};
    if (!values.startDate) next.startDate = REQUIRED.startDate;
    if (!values.endDate) next.endDate = REQUIRED.endDate;
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Values;
        if (key in values && !next[key]) next[key] = issue.message;
      }
    }
    if (Object.values(next).some(Boolean)) {
      setErrors(next);
      return;
    }
    if (!campaign && !targetOrg) {
      setFormError(CAMPAIGN_MESSAGES.orgUnavailable);
      notify.error(CAMPAIGN_MESSAGES.orgUnavailable);
      return;
    }
    const onError = (e: unknown) => {
      const message = CAMPAIGN_MESSAGES.saveFailed(errorMessage(e, NETWORK_ERROR_MESSAGE));
      setFormError(message);
      notify.error(message);
    };
    if (campaign) {
      const { organizationId: _ignored, ...patch } = input;
      update.mutate(
        { id: campaign.id, patch },
        {
          onSuccess: (saved) => {
            notify.success(CAMPAIGN_MESSAGES.updated(saved.name));
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: (saved) => {
          notify.success(CAMPAIGN_MESSAGES.created(saved.name));
          onClose(true);
        },
        onError,
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormError message={formError} />
        {askOrganization ? (
          <Select
            label="Organization"
            description="You have no organization of your own: choose the one this campaign belongs to."
            {...organizationChoices(orgOptions.data)}
            value={pickedOrg}
            onChange={setPickedOrg}
            withAsterisk
          />
        ) : null}
        <TextInput
          label="Campaign Name"
          withAsterisk
          value={values.name}
          onChange={(e) => set("name", e.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <TextInput
          label="Campaign Goal"
          description="Free text, e.g. a dollar amount such as $250,000"
          withAsterisk
          value={values.goal}
          onChange={(e) => set("goal", e.currentTarget.value)}
          error={errors.goal}
        />
        <Group grow align="flex-start">
          <DateInput
            label="Start Date"
            withAsterisk
            value={values.startDate}
            onChange={(v) => set("startDate", v)}
            valueFormat="MMM D, YYYY"
            dateParser={parseDate}
            placeholder="Jan 5, 2025"
            error={errors.startDate}
            clearable
          />
          <DateInput
            label="End Date"
            withAsterisk
            value={values.endDate}
            onChange={(v) => set("endDate", v)}
            valueFormat="MMM D, YYYY"
            dateParser={parseDate}
            placeholder="Dec 31, 2025"
            error={errors.endDate}
            clearable
          />
        </Group>
        <Textarea
          label="Campaign Details"
          autosize
          minRows={3}
          maxRows={10}
          value={values.details}
          onChange={(e) => set("details", e.currentTarget.value)}
          error={errors.details}
        />
        <TextInput
          label="Office Info"
          description="Optional: the office or team running the campaign"
          value={values.officeInfo}
          onChange={(e) => set("officeInfo", e.currentTarget.value)}
          error={errors.officeInfo}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {campaign ? "Save Changes" : "Create Campaign"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
