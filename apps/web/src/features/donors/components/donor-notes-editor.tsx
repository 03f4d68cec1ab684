import "@mantine/tiptap/styles.css";
import { Button, Group, Paper, Text, Title } from "@mantine/core";
import { Link, RichTextEditor } from "@mantine/tiptap";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { IconDeviceFloppy } from "@tabler/icons-react";
import classes from "./donor-notes-editor.module.css";

interface DonorNotesEditorProps {
  /** Sanitised HTML from the server (or null). */
  initialHtml: string | null;
  /** docs/RULES.md, Donors: the four organisation roles view and edit notes. */
  canEdit: boolean;
  saving: boolean;
  onSave: (html: string) => void;
}

/** docs/RULES.md, Donors: rich text with H1–H3, bold, italic, underline, strike, lists, blockquote, code block, link, clean. */
export function DonorNotesEditor({ initialHtml, canEdit, saving, onSave }: DonorNotesEditorProps) {
  const editor = useEditor({
    // StarterKit 3 bundles Link and Underline; Mantine's Link adds the Ctrl+K link editor.
    extensions: [StarterKit.configure({ heading: { levels: [1, 2, 3] }, link: false }), Link],
    content: initialHtml ?? "",
    editable: canEdit,
    immediatelyRender: true,
    // The editable area is a textbox: it needs a name (axe aria-input-field-name).
    editorProps: { attributes: { "aria-label": "Donor notes", role: "textbox", "aria-multiline": "true" } },
  });

  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Donor Notes</Title>
        {canEdit ? (
          <Button
            size="xs"
            leftSection={<IconDeviceFloppy size={16} />}
            loading={saving}
            disabled={!editor}
            onClick={() => editor && onSave(editor.isEmpty ? "" : editor.getHTML())}
          >
            Save Notes
          </Button>
        ) : null}
      </Group>
      <RichTextEditor editor={editor} aria-label="Donor Notes">
        {canEdit ? (
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H1 />
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.OrderedList />
              <RichTextEditor.BulletList />
              <RichTextEditor.Blockquote />
              <RichTextEditor.CodeBlock />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
              <RichTextEditor.ClearFormatting />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        ) : null}
        <RichTextEditor.Content className={classes.content} data-testid="donor-notes-content" />
      </RichTextEditor>
      {!canEdit ? (
        <Text size="xs" c="dimmed" mt="xs">
          Read only.
        </Text>
      ) : null}
    </Paper>
  );
}
