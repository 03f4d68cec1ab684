import "@mantine/tiptap/styles.css";
import { useState, type FormEvent } from "react";
import { Button, Group, Input, Modal, MultiSelect, Select, Stack, TextInput } from "@mantine/core";
import { Link, RichTextEditor } from "@mantine/tiptap";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  CONTACT_REPORT_MESSAGES,
  CONTACT_TYPE_LABELS,
  CONTACT_TYPES,
  contactReportInputSchema,
  latestContactDate,
  type ContactReport,
  type ContactType,
} from "@cultivate/shared";
import { FormError } from "@/components/ui/form-error";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useSaveContactReport } from "../api/contact-reports";
import classes from "./donor-notes-editor.module.css";

type Colleague = { id: string; email: string; name: string | null };

interface ContactReportModalProps {
  donorId: string;
  opened: boolean;
  onClose: () => void;
  /** Edit mode when given, "Log contact" otherwise. */
  report: ContactReport | null;
  colleagues: Colleague[];
  /** A new report's starting values, e.g. from the next step just marked done (docs/RULES.md, Next steps). */
  prefill?: { type?: ContactType; summaryText?: string };
}

/** Issue 15 (docs/RULES.md, Contact reports): log or edit one interaction with a donor. */
export function ContactReportModal(props: ContactReportModalProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.report ? "Edit Contact Report" : "Log Contact"}
      size="lg"
    >
      {/* Mounted per opening, so the form starts from the report (or empty) each time. */}
      {props.opened ? <ContactReportForm {...props} /> : null}
    </Modal>
  );
}

type Errors = Partial<Record<"type" | "date" | "participants" | "participantUserIds" | "summary" | "nextStep", string>>;

const todayLocal = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

function ContactReportForm({ donorId, onClose, report, colleagues, prefill }: ContactReportModalProps) {
  const save = useSaveContactReport(donorId);
  const [type, setType] = useState<ContactType>(report?.type ?? prefill?.type ?? "call");
  const [date, setDate] = useState(report?.date ?? todayLocal());
  const [participants, setParticipants] = useState(report?.participants ?? "");
  const [userIds, setUserIds] = useState<string[]>(report?.participantUsers.map((u) => u.id) ?? []);
  const [nextStep, setNextStep] = useState(report?.nextStep ?? "");
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [1, 2, 3] }, link: false }), Link],
    content:
      report?.summary ??
      // Plain text as a document node, never as HTML (a step's title is the user's text).
      (prefill?.summaryText
        ? { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: prefill.summaryText }] }] }
        : ""),
    immediatelyRender: true,
    // The editable area itself is the labelled, multi-line text box (screen readers, axe).
    editorProps: { attributes: { role: "textbox", "aria-multiline": "true", "aria-label": "Summary" } },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      type,
      date,
      participants,
      participantUserIds: userIds,
      summary: editor && !editor.isEmpty ? editor.getHTML() : "",
      nextStep: nextStep.trim() || null,
    };
    // The same schema as the server's, so a bad date is named under its box before anything is sent.
    const parsed = contactReportInputSchema.safeParse(input);
    const found: Errors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        if (key && !found[key]) found[key] = issue.message;
      }
    if (!input.summary && !found.summary) found.summary = CONTACT_REPORT_MESSAGES.summaryRequired;
    setErrors(found);
    if (Object.keys(found).length) return;
    setFormError(null);
    save.mutate(
      { id: report?.id, input },
      {
        onSuccess: (res) => {
          notify.success(res.message);
          onClose();
        },
        onError: (error) => setFormError(errorMessage(error, "The contact report could not be saved.")),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormError message={formError} />
        <Group grow align="flex-start">
          <Select
            label="Type"
            withAsterisk
            data={CONTACT_TYPES.map((t) => ({ value: t, label: CONTACT_TYPE_LABELS[t] }))}
            value={type}
            onChange={(v) => v && setType(v as ContactType)}
            allowDeselect={false}
            error={errors.type}
            data-autofocus
          />
          <TextInput
            label="Date"
            type="date"
            withAsterisk
            max={latestContactDate()}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={errors.date}
          />
        </Group>
        <TextInput
          label="Participants"
          description="Who took part, e.g. the donor and their spouse"
          value={participants}
          onChange={(e) => setParticipants(e.currentTarget.value)}
          error={errors.participants}
        />
        <MultiSelect
          label="Colleagues who took part"
          data={colleagues.map((c) => ({ value: c.id, label: c.name || c.email }))}
          value={userIds}
          onChange={setUserIds}
          searchable
          clearable
          error={errors.participantUserIds}
        />
        <Input.Wrapper label="Summary" labelElement="div" withAsterisk error={errors.summary}>
          <RichTextEditor editor={editor} aria-label="Summary">
            <RichTextEditor.Toolbar>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Bold />
                <RichTextEditor.Italic />
                <RichTextEditor.Underline />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.BulletList />
                <RichTextEditor.OrderedList />
                <RichTextEditor.Link />
              </RichTextEditor.ControlsGroup>
            </RichTextEditor.Toolbar>
            <RichTextEditor.Content className={classes.content} data-testid="contact-summary-content" />
          </RichTextEditor>
        </Input.Wrapper>
        <TextInput
          label="Next step"
          description="Optional, e.g. send the proposal by Friday"
          value={nextStep}
          onChange={(e) => setNextStep(e.currentTarget.value)}
          error={errors.nextStep}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {report ? "Save Changes" : "Save Contact"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
