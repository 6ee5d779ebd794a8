/** The editor's tools with their keys and icons (the toolbar, the commands and the tooltips share them). */
import type { EditorTool } from '../../stores/editor.ts';

export interface ToolDefinition {
  readonly id: EditorTool;
  readonly key: string;
  /** Message key of its name. */
  readonly label: string;
  /** SVG path in a 16x16 box. */
  readonly icon: string;
  /** Painting tools need a paintable kind; swap is for the others. */
  readonly paintable: boolean;
}

export const TOOLS: readonly ToolDefinition[] = [
  { id: 'paint', key: 'b', label: 'editor.tools.paint', icon: 'M3 13l2-5 6-6 3 3-6 6zM3 13l3-1', paintable: true },
  { id: 'erase', key: 'e', label: 'editor.tools.erase', icon: 'M2 11l6-6 5 5-4 4H5zM6 14h8', paintable: true },
  { id: 'rect', key: 'u', label: 'editor.tools.rect', icon: 'M2.5 3.5h11v9h-11z', paintable: true },
  { id: 'fill', key: 'g', label: 'editor.tools.fill', icon: 'M3 8l5-5 5 5-5 5zM13 11c0 1 1 2 1 3', paintable: true },
  { id: 'pick', key: 'i', label: 'editor.tools.pick', icon: 'M10 2l4 4-7 7H3v-4zM9 5l2 2', paintable: true },
  { id: 'select', key: 'm', label: 'editor.tools.select', icon: 'M2 2h3M7 2h2M11 2h3v3M14 7v2M14 11v3h-3M9 14H7M5 14H2v-3M2 9V7M2 5V2', paintable: true },
  { id: 'link', key: 'l', label: 'editor.tools.link', icon: 'M6 10l4-4M4.5 8.5l-1 1a2 2 0 003 3l1-1M11.5 7.5l1-1a2 2 0 00-3-3l-1 1', paintable: true },
  { id: 'swap', key: 'w', label: 'editor.tools.swap', icon: 'M3 5h9l-2-2M13 11H4l2 2', paintable: false },
];
