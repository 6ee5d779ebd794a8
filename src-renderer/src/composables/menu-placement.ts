/**
 * Where a menu opened at a point goes so that all of it shows: at the point, moved up and left by
 * as much as it would overflow the window's bottom and right edges (a margin kept), never past
 * the top or left. A level's menu opened from the keyboard sits below its row, and the row
 * Ctrl+G scrolls to is often the last one in view: there the menu went off the window.
 */
export const MENU_MARGIN = 4;

export function menuPlacement(
  at: { readonly x: number; readonly y: number },
  menu: { readonly width: number; readonly height: number },
  window: { readonly width: number; readonly height: number },
): { left: number; top: number } {
  return {
    left: Math.max(0, Math.min(at.x, window.width - menu.width - MENU_MARGIN)),
    top: Math.max(0, Math.min(at.y, window.height - menu.height - MENU_MARGIN)),
  };
}
