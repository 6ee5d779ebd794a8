/**
 * Copy and paste through the system clipboard, for any kind: a fragment of the grid is written in
 * the kind's first level format (XSB for push), and text read back in any of its formats becomes
 * a fragment, so a region can go to a text editor, a forum post or another studio and come back.
 */
import type { Diagnostic } from '../diagnostics.ts';
import type { EditGrid, EditingFacet, LevelFormat, LevelMeta } from '../ruleset.ts';

export function fragmentText<L extends LevelMeta>(facet: EditingFacet<L>, format: LevelFormat<L>, fragment: EditGrid): string {
  return format.write({ levels: [facet.fromGrid(fragment)] });
}

/** The first level the text holds, as a fragment; undefined when no format reads one. */
export function fragmentFromText<L extends LevelMeta>(facet: EditingFacet<L>, formats: readonly LevelFormat<L>[], text: string): EditGrid | undefined {
  const ranked = formats.map((format) => ({ format, sure: format.sniff(text) })).filter((f) => f.sure > 0).sort((a, b) => b.sure - a.sure);
  for (const { format } of ranked) {
    const level = format.read(text).collection.levels[0];
    if (level) return facet.toGrid(level);
  }
  return undefined;
}

/** Why pasted text did nothing: none of the kind's formats reads it as a piece of a level (a lone "@"). */
export function unreadablePaste(text: string, formatName: string | undefined): Diagnostic {
  const shown = text.trim().slice(0, 40);
  return {
    severity: 'warning',
    code: 'edit.paste-unreadable',
    message: `Nothing pasted: the clipboard holds "${shown}", which is not a piece of a level in ${formatName ?? "this kind's"} text format (rows of a board, walls included).`,
    params: { text: shown, format: formatName ?? '' },
  };
}
