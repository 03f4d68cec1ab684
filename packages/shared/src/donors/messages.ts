import { plural } from "../format.ts";

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
  httpError: (status: number) => `HTTP error! status: ${status}`,
  uploadSuccess: (n: number) => `Successfully uploaded ${n} donor records!`,
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
  importTooLarge: "The CSV file is too large (at most 200 MB).",
  importBusy: "Another import of this organisation is still running. Please wait for it to finish.",
  noEngagement: "No engagement history yet.",
  allStagesCompleted: "All stages completed.",
  nextStep: (stage: string) => `You are in the ${stage} stage...`,
} as const;
