import sanitizeHtml from "sanitize-html";
import { DONOR_NOTES_ALLOWED_TAGS } from "@cultivate/shared";

/**
 * Donor notes HTML, allow-listed to what the notes editor's toolbar produces (headings 1–3,
 * bold, italic, underline, strike, lists, blockquote, code block, link). Everything else
 * — scripts, event handlers, styles, images, javascript: links — is removed.
 */
export function sanitizeNotes(html: string): string {
  const clean = sanitizeHtml(html, {
    allowedTags: [...DONOR_NOTES_ALLOWED_TAGS],
    allowedAttributes: { a: ["href", "target", "rel"] },
    allowedClasses: { code: ["language-*"] },
    allowedSchemes: ["http", "https", "mailto"],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: {
          ...(attribs.href ? { href: attribs.href } : {}),
          target: "_blank",
          rel: "noopener noreferrer nofollow",
        },
      }),
    },
  }).trim();
  // An editor left empty sends "<p></p>": store nothing.
  return clean.replace(/^(<p>(\s|<br\s*\/?>)*<\/p>)+$/i, "");
}
