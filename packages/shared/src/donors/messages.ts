import { httpErrorMessage } from "../auth-messages.ts";
import { plural } from "../format.ts";
const PLURAL = new Intl.PluralRules("en-US");
const COUNT = new Intl.NumberFormat("en-US");
/** "1 donor record", "2,995 donor records": the count with thousands separators and the word in its plural form. */
const count = (n: number, one: string, other: string) =>
  `${COUNT.format(n)} ${PLURAL.select(n) === "one" ? one : other}`;

/** What the Next Step card suggests in each stage (docs/RULES.md, Donors). */
const NEXT_STEP: Record<string, string> = {
  Discovery: "learn what this donor cares about and choose the campaign to talk with them about",
  Connection: "build a personal relationship, such as a meeting or a visit, around what the donor cares about",
  Deepening: "involve the donor more closely in the work, so they see its impact first-hand",
  Solicitation: "prepare the ask, with an amount and a purpose that fit the donor",
  "Follow-Up": "thank the donor, report what their gift achieved and plan what comes next together",
};

export type ImportCounts = { inserted: number; updated: number; unchanged: number; skipped: number };

/** The donor pages' sentences (docs/RULES.md, Donors); the spec's text exactly, except where marked "ours". */
export const DONOR_MESSAGES = {
  accessDenied: "You don't have permission to access the donor list.",
  accessDeniedTitle: "Access Denied",
  donorNotFoundTitle: "Donor Not Found",
  donorNotFound: "The donor you're looking for doesn't exist or you don't have permission to view it.",
  noDonors: "No donors found",
  noDonorsMatch: "No donors match your filters",
  invalidCsv: "Please select a valid CSV file.",
  fileAndLogin: "Please select a file and ensure you are logged in.",
  emptyCsv: "The CSV file appears to be empty.",
  parseError: "Error parsing CSV file. Please check the format.",
  readError: (message: string) => `Error reading file: ${message}`,
  uploadFailed: (message: string) => `Failed to upload donors: ${message}`,
  httpError: httpErrorMessage,
  undoFailed: "Failed to undo the import.",
  relationshipManagerNotSaved: "The relationship manager could not be saved.",
  /**
   * The spec's "Successfully uploaded {n} donor records!", with what happened to them (issue 14): n counts
   * every row that matched or made a donor, so the new, updated and unchanged ones are told apart, and
   * rows left out are named.
   */
  uploadSuccess: (c: ImportCounts) => {
    const n = c.inserted + c.updated + c.unchanged;
    const parts = `${COUNT.format(c.inserted)} new, ${COUNT.format(c.updated)} updated, ${COUNT.format(c.unchanged)} unchanged`;
    const skipped = c.skipped ? ` ${count(c.skipped, "row was", "rows were")} skipped (see the problem report).` : "";
    return `Successfully uploaded ${count(n, "donor record", "donor records")} (${parts})!${skipped}`;
  },
  /** ours (issue 14): an import's counts in the history, "2,995 donors: 5 new, 12 updated, 2,978 unchanged". */
  importCountsSummary: (c: ImportCounts) => {
    const n = c.inserted + c.updated + c.unchanged;
    const skipped = c.skipped ? `; ${count(c.skipped, "row", "rows")} skipped` : "";
    return `${count(n, "donor", "donors")}: ${COUNT.format(c.inserted)} new, ${COUNT.format(c.updated)} updated, ${COUNT.format(c.unchanged)} unchanged${skipped}`;
  },
  /** ours: the Undo confirmation says what it will do to how many donors (issue 14). */
  undoImportConfirm: (c: Pick<ImportCounts, "inserted" | "updated">) => {
    const removes = c.inserted ? `removes the ${count(c.inserted, "donor", "donors")} it added` : "";
    const restores = c.updated
      ? `restores the ${count(c.updated, "donor", "donors")} it updated to their values from before the import (fields edited since then are kept)`
      : "";
    const what = [removes, restores].filter(Boolean).join(" and ");
    return `Undoing this import ${what || "changes no donor"}.`;
  },
  /** ours (issue 14): an admin who belongs to no organisation must name the one an upload goes to. */
  chooseImportOrganization: "Please choose the organization to import into.",
  undoImportNotAllowed: "Only the person who ran this import, a manager, an owner or an administrator can undo it.",
  loadOrganizationsFailed: "Failed to load organizations",
  loadDonorsFailed: (message: string) => `Failed to load donors: ${message}`,
  saveFilterNotLoggedIn: "You must be logged in to save filter groups",
  saveFilterFailed: (message: string) => `Failed to save filter group: ${message}`,
  saveFilterSuccess: (name: string) => `Filter group "${name}" saved successfully!`,
  unableToDetermineOrganization: "Unable to determine your organization",
  selectDonorsToAdd: "Please select donors to add to the group",
  /** Not in the spec (it only has the add message); same wording for removing. */
  selectDonorsToRemove: "Please select donors to remove from the group",
  addToGroupFailed: (message: string) => `Failed to add donors to group: ${message}`,
  removeFromGroupFailed: (message: string) => `Failed to remove donors from group: ${message}`,
  // The spec's sentences with the plural rule of every count (issue 14): "Removed 1 donor from …".
  addedToGroup: (n: number, group: string) => `Added ${plural(n, "donor")} to "${group}"`,
  removedFromGroup: (n: number, group: string) => `Removed ${plural(n, "donor")} from "${group}"`,
  notesSaveFailed: (message: string) => `Failed to save notes: ${message}`,
  notesSaved: "Donor notes saved successfully!",
  // docs/RULES.md, Groups
  groupNameRequired: "Please enter a name for the group",
  groupLoginRequired: "You must be logged in to create groups",
  loadGroupsFailed: (message: string) => `Failed to load groups: ${message}`,
  createGroupFailed: (message: string) => `Failed to create group: ${message}`,
  deleteSavedGroupFailed: (message: string) => `Failed to delete saved group: ${message}`,
  deleteStaticGroupFailed: (message: string) => `Failed to delete static donor group: ${message}`,
  /** ours (issue 14): the 403 of deleting a colleague's group. */
  deleteGroupNotAllowed: "Only the person who made this group, a manager, an owner or an administrator can delete it.",
  // ours (the spec has none for these situations)
  filtersEmpty: "Set at least one filter before saving a group.",
  noNameColumn: "The CSV file has no First Name or Last Name column.",
  importNotUndoable: "This import cannot be undone now: it is still running or was already undone.",
  /** The batch's `error` when an import stops (the details go to the server log only). */
  importStopped: "The import stopped because of an unexpected error. The rows imported before it can be undone.",
  importInterrupted:
    "The server stopped during this import and could not continue it. The rows imported before it can be undone.",
  undoStopped: "Undoing this import stopped because of an unexpected error. Please try again.",
  importRowNotSaved: "The database refused a value in this row; it was not imported.",
  importTooLarge: "The CSV file is too large (at most 1 GB).",
  importBusy: "Another import of this organisation is still running. Please wait for it to finish.",
  noEngagement: "No engagement history yet.",
  allStagesCompleted: "All stages completed.",
  /**
   * The spec's "You are in the {stage} stage..." with the sentence finished (issue 14): what to do next
   * in that stage.
   */
  nextStep: (stage: string) => `You are in the ${stage} stage: ${NEXT_STEP[stage] ?? "write its recommendation"}.`,
} as const;
