/**
 * Messages added by the designer's walk (issue 22), in both languages: filed under `designer.` by
 * en.ts and zh-CN.ts, by the area that shows them, until the per-area message modules take them in.
 */
export const designerEn = {
  proof: {
    staleRules: 'This proof was made under other rules: verify again.',
    staleContent: 'This proof was made before the level was last edited: verify again.',
    staleBoth: 'This proof was made under other rules and before the level was last edited: verify again.',
  },
};

export const designerZhCN: typeof designerEn = {
  proof: {
    staleRules: '此证明是在其他规则下做出的：请重新验证。',
    staleContent: '此证明早于关卡的最近一次编辑：请重新验证。',
    staleBoth: '此证明是在其他规则下、且早于关卡的最近一次编辑做出的：请重新验证。',
  },
};
