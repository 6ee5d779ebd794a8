/** The editor view's id (views/registry.ts). */
export const EDITOR_VIEW = 'editor';
