/** `ui.dialog` values the Library view shows (its commands in contributions/library.ts open them). */
export const GENERATE_DIALOG = 'generate';
export const GO_TO_LEVEL_DIALOG = 'goToLevel';
export const VERIFY_LEVEL_DIALOG = 'verifyLevel';
