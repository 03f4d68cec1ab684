/** How long typing must pause before a list asks the server again (ms). */
export const TYPING_PAUSE_MS = 350;
