/**
 * Translations of the import's own diagnostics added in issue 22 (by code, as codes.ts files the
 * engine's), merged into `codes` by index.ts. English is the library's own message.
 */
import type { Locale } from './locale.ts';

export const IMPORT_CODE_MESSAGES: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
  en: {},
  'zh-CN': {
    'library.import.too-many-levels': '这个文件的关卡超过 {max} 个，而一次导入最多 {max} 个：请把文件拆开分别导入。',
    'library.import.name-cleaned': '文件给出的战役名称含有控制字符或双向文本字符，已被去掉：战役名为“{name}”。',
  },
};
