import { useEffect, useRef, useState } from "react";
import { TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { TYPING_PAUSE_MS } from "@/lib/typing";

interface SearchBoxProps {
  /** The search the list shows now (from the address). */
  value: string;
  /** Called with the trimmed text once typing pauses, when it differs from the last one sent. */
  onSearch: (q: string) => void;
  label: string;
  placeholder?: string;
}

/**
 * A list's search box: it asks for the new search once typing pauses, and follows the address when that
 * changes otherwise (back, a link). At most 200 characters, as the server takes.
 */
export function SearchBox({ value, onSearch, label, placeholder }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, TYPING_PAUSE_MS);
  const sent = useRef(value);
  useEffect(() => {
    const next = debounced.trim();
    if (next !== sent.current) {
      sent.current = next;
      onSearch(next);
    }
  }, [debounced, onSearch]);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      maxLength={200}
      style={{ flex: "1 1 260px" }}
    />
  );
}
