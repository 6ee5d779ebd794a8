/**
 * Messages of the start-up offer of unsaved drafts (issue 22), in both languages: filed under
 * `drafts.` by en.ts and zh-CN.ts.
 */
export const draftsEn = {
  title: 'Unsaved drafts | Unsaved draft | {n} unsaved drafts',
  level: '{level} in {campaign}',
  untitled: 'level {n}',
  when: 'edited {when}',
  open: 'Open in editor',
  discard: 'Discard',
  dismiss: 'Later',
  failed: 'Could not list the unsaved drafts',
};

export const draftsZhCN: typeof draftsEn = {
  title: '未保存的草稿 | 未保存的草稿 | {n} 份未保存的草稿',
  level: '{campaign} 中的 {level}',
  untitled: '第 {n} 关',
  when: '编辑于 {when}',
  open: '在编辑器中打开',
  discard: '丢弃',
  dismiss: '稍后',
  failed: '无法列出未保存的草稿',
};
